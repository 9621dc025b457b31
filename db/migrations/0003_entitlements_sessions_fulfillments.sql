CREATE TABLE `entitlements` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`activation_id` text NOT NULL,
	`account_id` text NOT NULL,
	`type` text NOT NULL,
	`state` text NOT NULL,
	`entitlement_name` text NOT NULL,
	`product` text NOT NULL,
	`product_name` text NOT NULL,
	`license_model` text NOT NULL,
	`count` integer NOT NULL,
	`quantity` real NOT NULL,
	`start_date` text NOT NULL,
	`end_date` text,
	`version_date` text,
	`evaluation` integer DEFAULT 0 NOT NULL,
	`po_number` text DEFAULT '' NOT NULL,
	`currency` text DEFAULT '' NOT NULL,
	`price` real,
	`rate_table_version` text,
	`vendor_daemon` text DEFAULT '' NOT NULL,
	`borrowable` integer DEFAULT 0 NOT NULL,
	`used` real DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`account_id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "entitlements_quantity_check" CHECK("entitlements"."quantity" >= 0),
	CONSTRAINT "entitlements_used_check" CHECK("entitlements"."used" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `entitlements_activation_id_unique` ON `entitlements` (`activation_id`);--> statement-breakpoint
CREATE INDEX `entitlements_account_type_end_idx` ON `entitlements` (`account_id`,`type`,`end_date`);--> statement-breakpoint
CREATE TABLE `fulfillments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`fulfillment_id` text NOT NULL,
	`entitlement_id` integer NOT NULL,
	`host_id` integer NOT NULL,
	`account_id` text NOT NULL,
	`count` integer NOT NULL,
	`status` text NOT NULL,
	`action` text NOT NULL,
	`modified_by` text DEFAULT 'Automated Action' NOT NULL,
	`fulfilled_at` integer NOT NULL,
	`returned_at` integer,
	`returned_by` text,
	FOREIGN KEY (`entitlement_id`) REFERENCES `entitlements`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`host_id`) REFERENCES `hosts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`account_id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "fulfillments_count_check" CHECK("fulfillments"."count" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `fulfillments_fulfillment_id_unique` ON `fulfillments` (`fulfillment_id`);--> statement-breakpoint
CREATE INDEX `fulfillments_entitlement_status_idx` ON `fulfillments` (`entitlement_id`,`status`);--> statement-breakpoint
CREATE INDEX `fulfillments_host_idx` ON `fulfillments` (`host_id`);--> statement-breakpoint
CREATE TABLE `host_accounts` (
	`host_id` integer NOT NULL,
	`account_id` text NOT NULL,
	PRIMARY KEY(`host_id`, `account_id`),
	FOREIGN KEY (`host_id`) REFERENCES `hosts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`account_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `host_accounts_account_idx` ON `host_accounts` (`account_id`);--> statement-breakpoint
CREATE TABLE `hosts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`host_ids` text NOT NULL,
	`host_id_types` text NOT NULL,
	`identifier` text NOT NULL,
	`port` integer DEFAULT 1055 NOT NULL,
	`state` text NOT NULL,
	`triad` integer DEFAULT 0 NOT NULL,
	`borrowable` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `hosts_identifier_unique` ON `hosts` (`identifier`);--> statement-breakpoint
CREATE TABLE `low_balance_alerts` (
	`entitlement_id` integer PRIMARY KEY NOT NULL,
	`threshold` real NOT NULL,
	`notified_at` integer,
	`set_by` text NOT NULL,
	`set_at` integer NOT NULL,
	FOREIGN KEY (`entitlement_id`) REFERENCES `entitlements`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `usage_sessions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`entitlement_id` integer NOT NULL,
	`account_id` text NOT NULL,
	`start_time` text NOT NULL,
	`end_time` text,
	`start_ts` integer NOT NULL,
	`end_ts` integer,
	`product` text NOT NULL,
	`product_count` integer DEFAULT 1 NOT NULL,
	`count` integer DEFAULT 1 NOT NULL,
	`length` integer,
	`user` text NOT NULL,
	`host` text NOT NULL,
	`device_id` text NOT NULL,
	`session_status` text NOT NULL,
	`server_id` text NOT NULL,
	`feature` text NOT NULL,
	`feature_fno` text DEFAULT '' NOT NULL,
	`ip_address` text DEFAULT '' NOT NULL,
	`referer_ip_address` text DEFAULT '' NOT NULL,
	`product_line` text DEFAULT '' NOT NULL,
	`rate_file_version` text NOT NULL,
	`pid` text DEFAULT '' NOT NULL,
	`acquisition` text DEFAULT '' NOT NULL,
	`consumer_id` text DEFAULT '' NOT NULL,
	`project` text DEFAULT '' NOT NULL,
	`product_version` text DEFAULT '' NOT NULL,
	`cloud_job_id` text,
	`hours` real DEFAULT 0 NOT NULL,
	`charge` real DEFAULT 0 NOT NULL,
	`currency` text NOT NULL,
	FOREIGN KEY (`entitlement_id`) REFERENCES `entitlements`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`account_id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "usage_sessions_charge_check" CHECK("usage_sessions"."charge" >= 0)
);
--> statement-breakpoint
CREATE INDEX `usage_sessions_account_start_idx` ON `usage_sessions` (`account_id`,`start_ts`);--> statement-breakpoint
CREATE INDEX `usage_sessions_entitlement_end_idx` ON `usage_sessions` (`entitlement_id`,`end_ts`);