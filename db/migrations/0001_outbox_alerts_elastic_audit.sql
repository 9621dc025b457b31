CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`at` integer NOT NULL,
	`actor_email` text NOT NULL,
	`account_id` text NOT NULL,
	`area` text NOT NULL,
	`action` text NOT NULL,
	`before` text,
	`after` text
);
--> statement-breakpoint
CREATE INDEX `audit_log_account_idx` ON `audit_log` (`account_id`,`at`);--> statement-breakpoint
CREATE TABLE `elastic_servers` (
	`device_id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`alias` text NOT NULL,
	`activated` integer DEFAULT 1 NOT NULL,
	`pin` text,
	`usernames` text DEFAULT '[]' NOT NULL,
	`whitelist` text DEFAULT '[]' NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`account_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `elastic_servers_account_idx` ON `elastic_servers` (`account_id`);--> statement-breakpoint
CREATE TABLE `emails` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account_id` text NOT NULL,
	`date` text NOT NULL,
	`subject` text NOT NULL,
	`to_address` text NOT NULL,
	`body` text NOT NULL,
	`kind` text DEFAULT 'general' NOT NULL,
	`deleted_at` integer,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`account_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `emails_account_date_idx` ON `emails` (`account_id`,`date`);--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`category` text NOT NULL,
	`status` text NOT NULL,
	`date` text NOT NULL,
	`expires` text,
	`title` text DEFAULT '' NOT NULL,
	`description` text NOT NULL,
	`service` text DEFAULT '{}' NOT NULL,
	`links` text DEFAULT '{}' NOT NULL
);
--> statement-breakpoint
CREATE INDEX `notifications_status_idx` ON `notifications` (`status`,`date`);