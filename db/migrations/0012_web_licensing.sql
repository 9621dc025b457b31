CREATE TABLE `web_assignments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`entitlement_id` integer NOT NULL,
	`group_id` integer,
	`user_id` integer,
	`end_date` text,
	`assigned_by` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`entitlement_id`) REFERENCES `entitlements`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`group_id`) REFERENCES `web_groups`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `web_users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "web_assignments_one_holder" CHECK(("web_assignments"."group_id" IS NULL) <> ("web_assignments"."user_id" IS NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `web_assignments_group_idx` ON `web_assignments` (`entitlement_id`,`group_id`) WHERE "web_assignments"."group_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `web_assignments_user_idx` ON `web_assignments` (`entitlement_id`,`user_id`) WHERE "web_assignments"."user_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `web_assignments_group_ref_idx` ON `web_assignments` (`group_id`);--> statement-breakpoint
CREATE INDEX `web_assignments_user_ref_idx` ON `web_assignments` (`user_id`);--> statement-breakpoint
CREATE TABLE `web_checkouts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`checkout_id` text NOT NULL,
	`account_id` text NOT NULL,
	`entitlement_id` integer NOT NULL,
	`user_id` integer,
	`user_email` text NOT NULL,
	`client_host` text DEFAULT '' NOT NULL,
	`product_version` text DEFAULT '' NOT NULL,
	`started_at` integer NOT NULL,
	`last_heartbeat_at` integer NOT NULL,
	`lease_expires_at` integer NOT NULL,
	`ended_at` integer,
	`end_reason` text,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`account_id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`entitlement_id`) REFERENCES `entitlements`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `web_users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `web_checkouts_checkout_id_unique` ON `web_checkouts` (`checkout_id`);--> statement-breakpoint
CREATE INDEX `web_checkouts_active_idx` ON `web_checkouts` (`entitlement_id`,`ended_at`);--> statement-breakpoint
CREATE INDEX `web_checkouts_user_idx` ON `web_checkouts` (`user_id`,`ended_at`);--> statement-breakpoint
CREATE INDEX `web_checkouts_lease_idx` ON `web_checkouts` (`ended_at`,`lease_expires_at`);--> statement-breakpoint
CREATE TABLE `web_group_members` (
	`group_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	PRIMARY KEY(`group_id`, `user_id`),
	FOREIGN KEY (`group_id`) REFERENCES `web_groups`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `web_users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `web_group_members_user_idx` ON `web_group_members` (`user_id`);--> statement-breakpoint
CREATE TABLE `web_groups` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account_id` text NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`account_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `web_groups_account_name_idx` ON `web_groups` (`account_id`,lower("name"));--> statement-breakpoint
CREATE TABLE `web_transactions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account_id` text NOT NULL,
	`entitlement_id` integer,
	`checkout_id` text,
	`product` text NOT NULL,
	`user_email` text NOT NULL,
	`outcome` text NOT NULL,
	`reason` text DEFAULT '' NOT NULL,
	`at` integer NOT NULL,
	`duration_ms` integer,
	`client_host` text DEFAULT '' NOT NULL,
	`product_version` text DEFAULT '' NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`account_id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`entitlement_id`) REFERENCES `entitlements`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `web_transactions_account_at_idx` ON `web_transactions` (`account_id`,`at`,`id`);--> statement-breakpoint
CREATE INDEX `web_transactions_entitlement_at_idx` ON `web_transactions` (`entitlement_id`,`at`);--> statement-breakpoint
CREATE TABLE `web_users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account_id` text NOT NULL,
	`email` text NOT NULL,
	`name` text NOT NULL,
	`role` text DEFAULT 'member' NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`account_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `web_users_account_email_idx` ON `web_users` (`account_id`,`email`);--> statement-breakpoint
CREATE INDEX `web_users_account_name_idx` ON `web_users` (`account_id`,`name`);