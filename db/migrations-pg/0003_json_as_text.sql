ALTER TABLE "audit_log" ALTER COLUMN "before" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "after" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "elastic_servers" ALTER COLUMN "usernames" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "elastic_servers" ALTER COLUMN "usernames" SET DEFAULT '[]';--> statement-breakpoint
ALTER TABLE "elastic_servers" ALTER COLUMN "whitelist" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "elastic_servers" ALTER COLUMN "whitelist" SET DEFAULT '[]';--> statement-breakpoint
ALTER TABLE "feature_flags" ALTER COLUMN "conflicts" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "feature_flags" ALTER COLUMN "conflicts" SET DEFAULT '[]';--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "service" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "service" SET DEFAULT '{}';--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "links" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "links" SET DEFAULT '{}';--> statement-breakpoint
ALTER TABLE "oidc_models" ALTER COLUMN "payload" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "saved_views" ALTER COLUMN "filter_model" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "saved_views" ALTER COLUMN "sort_model" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "saved_views" ALTER COLUMN "column_order" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "saved_views" ALTER COLUMN "extra" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "sessions" ALTER COLUMN "data" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "user_feature_flags" ALTER COLUMN "enabled" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "roles" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "roles" SET DEFAULT '[]';