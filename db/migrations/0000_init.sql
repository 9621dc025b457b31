CREATE TABLE `account_access` (
	`user_id` integer NOT NULL,
	`account_id` text NOT NULL,
	`role` text DEFAULT '' NOT NULL,
	`is_fnp_license_generator` integer DEFAULT 0 NOT NULL,
	`is_sales` integer DEFAULT 0 NOT NULL,
	`is_sales_access` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`user_id`, `account_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`account_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `account_access_account_idx` ON `account_access` (`account_id`);--> statement-breakpoint
CREATE TABLE `accounts` (
	`account_id` text PRIMARY KEY NOT NULL,
	`account_name` text NOT NULL,
	`org_type` text DEFAULT 'Undefined' NOT NULL,
	`export_control_status` text DEFAULT '' NOT NULL,
	`has_ssl` integer DEFAULT 0 NOT NULL,
	`has_shared_license` integer DEFAULT 0 NOT NULL,
	`has_named_license` integer DEFAULT 0 NOT NULL,
	`has_fsa` integer DEFAULT 0 NOT NULL,
	`has_elastic` integer DEFAULT 0 NOT NULL,
	`access_disabled` integer DEFAULT 0 NOT NULL,
	`support_email` text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE INDEX `accounts_name_idx` ON `accounts` (`account_name`);--> statement-breakpoint
CREATE TABLE `feature_flags` (
	`name` text PRIMARY KEY NOT NULL,
	`description` text NOT NULL,
	`default_enabled` integer DEFAULT 0 NOT NULL,
	`path` text,
	`conflicts` text DEFAULT '[]' NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `oidc_models` (
	`kind` text NOT NULL,
	`id` text NOT NULL,
	`payload` text NOT NULL,
	`grant_id` text,
	`user_code` text,
	`uid` text,
	`expires_at` integer,
	`consumed_at` integer,
	PRIMARY KEY(`kind`, `id`)
);
--> statement-breakpoint
CREATE INDEX `oidc_models_grant_idx` ON `oidc_models` (`grant_id`);--> statement-breakpoint
CREATE INDEX `oidc_models_uid_idx` ON `oidc_models` (`uid`);--> statement-breakpoint
CREATE TABLE `rate_limits` (
	`key` text PRIMARY KEY NOT NULL,
	`window_start` integer NOT NULL,
	`count` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `saved_views` (
	`user_id` integer NOT NULL,
	`customer_number` text NOT NULL,
	`table_name` text NOT NULL,
	`filter_model` text,
	`sort_model` text,
	`column_order` text,
	`extra` text,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `customer_number`, `table_name`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`data` text NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `sessions_expires_idx` ON `sessions` (`expires_at`);--> statement-breakpoint
CREATE TABLE `settings` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `user_feature_flags` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`enabled` text NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`name` text NOT NULL,
	`password_hash` text DEFAULT '' NOT NULL,
	`roles` text DEFAULT '[]' NOT NULL,
	`active` integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);