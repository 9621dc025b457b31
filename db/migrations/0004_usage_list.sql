CREATE TABLE `usage_day_counts` (
	`account_id` text NOT NULL,
	`product` text NOT NULL,
	`day` integer NOT NULL,
	`started` integer DEFAULT 0 NOT NULL,
	`ended` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`account_id`, `product`, `day`),
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`account_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `usage_last_received` (
	`id` integer PRIMARY KEY NOT NULL,
	`at` integer NOT NULL,
	CONSTRAINT "usage_last_received_one_row" CHECK("usage_last_received"."id" = 1)
);
--> statement-breakpoint
DROP INDEX `usage_sessions_account_start_idx`;--> statement-breakpoint
ALTER TABLE `usage_sessions` ADD `activation_id` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX `usage_sessions_account_end_idx` ON `usage_sessions` (`account_id`,`end_ts`);--> statement-breakpoint
CREATE INDEX `usage_sessions_active_idx` ON `usage_sessions` (`account_id`,`start_ts`) WHERE "usage_sessions"."end_ts" IS NULL;--> statement-breakpoint
CREATE INDEX `usage_sessions_account_user_idx` ON `usage_sessions` (`account_id`,`user`,`start_ts`,`end_ts`);--> statement-breakpoint
CREATE INDEX `usage_sessions_account_hours_idx` ON `usage_sessions` (`account_id`,`hours`);--> statement-breakpoint
CREATE INDEX `usage_sessions_cloud_job_idx` ON `usage_sessions` (`account_id`,`start_ts`) WHERE "usage_sessions"."cloud_job_id" IS NOT NULL AND "usage_sessions"."cloud_job_id" <> '';--> statement-breakpoint
CREATE INDEX `usage_sessions_account_start_idx` ON `usage_sessions` (`account_id`,`start_ts`,`end_ts`);--> statement-breakpoint
UPDATE `usage_sessions` SET `activation_id` = (SELECT `activation_id` FROM `entitlements` WHERE `entitlements`.`id` = `usage_sessions`.`entitlement_id`);--> statement-breakpoint
INSERT INTO `usage_day_counts` (`account_id`, `product`, `day`, `started`, `ended`)
SELECT `account_id`, `product`, `day`, sum(`started`), sum(`ended`) FROM (
	SELECT `account_id`, `product`, `start_ts` / 86400000 AS `day`, 1 AS `started`, 0 AS `ended` FROM `usage_sessions`
	UNION ALL
	SELECT `account_id`, `product`, `end_ts` / 86400000, 0, 1 FROM `usage_sessions` WHERE `end_ts` IS NOT NULL
) GROUP BY `account_id`, `product`, `day`;--> statement-breakpoint
INSERT INTO `usage_last_received` (`id`, `at`)
SELECT 1, max(max(`start_ts`), coalesce(max(`end_ts`), 0)) FROM `usage_sessions` HAVING count(*) > 0;
