CREATE TABLE `web_transaction_days` (
	`account_id` text NOT NULL,
	`day` integer NOT NULL,
	`outcome` text NOT NULL,
	`n` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`account_id`, `day`, `outcome`),
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`account_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `web_usage_days` (
	`entitlement_id` integer NOT NULL,
	`day` integer NOT NULL,
	`account_id` text NOT NULL,
	`peak` integer DEFAULT 0 NOT NULL,
	`seat_ms` integer DEFAULT 0 NOT NULL,
	`granted` integer DEFAULT 0 NOT NULL,
	`denied_no_seat` integer DEFAULT 0 NOT NULL,
	`denied_other` integer DEFAULT 0 NOT NULL,
	`denied_hours` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`entitlement_id`, `day`),
	FOREIGN KEY (`entitlement_id`) REFERENCES `entitlements`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`account_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `web_usage_days_account_day_idx` ON `web_usage_days` (`account_id`,`day`);--> statement-breakpoint
CREATE TABLE `web_user_days` (
	`entitlement_id` integer NOT NULL,
	`user_email` text NOT NULL,
	`day` integer NOT NULL,
	`account_id` text NOT NULL,
	`seat_ms` integer DEFAULT 0 NOT NULL,
	`granted` integer DEFAULT 0 NOT NULL,
	`denied` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`entitlement_id`, `user_email`, `day`),
	FOREIGN KEY (`entitlement_id`) REFERENCES `entitlements`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`account_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `web_user_days_account_day_idx` ON `web_user_days` (`account_id`,`day`);