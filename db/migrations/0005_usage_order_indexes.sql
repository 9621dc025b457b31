DROP INDEX `usage_sessions_account_hours_idx`;--> statement-breakpoint
DROP INDEX `usage_sessions_cloud_job_idx`;--> statement-breakpoint
CREATE INDEX `usage_sessions_account_hours_end_idx` ON `usage_sessions` (`account_id`,`hours`,`end_ts`);--> statement-breakpoint
CREATE INDEX `usage_sessions_cloud_job_start_end_idx` ON `usage_sessions` (`account_id`,`start_ts`,`end_ts`) WHERE "usage_sessions"."cloud_job_id" IS NOT NULL AND "usage_sessions"."cloud_job_id" <> '';