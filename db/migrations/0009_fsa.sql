CREATE TABLE `fsa_contracts` (
	`entitlement_id` integer PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`busops_emails` text DEFAULT '' NOT NULL,
	FOREIGN KEY (`entitlement_id`) REFERENCES `entitlements`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `fsa_order_lines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` text NOT NULL,
	`contract_id` integer NOT NULL,
	`account_id` text NOT NULL,
	`entitlement_id` integer NOT NULL,
	`bpn` text NOT NULL,
	`product_name` text NOT NULL,
	`count` integer NOT NULL,
	`start_date` text NOT NULL,
	`end_date` text NOT NULL,
	`cost` real NOT NULL,
	`currency` text NOT NULL,
	`manual` integer DEFAULT 0 NOT NULL,
	`requester_email` text NOT NULL,
	`ordered_at` integer NOT NULL,
	FOREIGN KEY (`contract_id`) REFERENCES `entitlements`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`account_id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`entitlement_id`) REFERENCES `entitlements`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "fsa_order_lines_cost_check" CHECK("fsa_order_lines"."cost" >= 0),
	CONSTRAINT "fsa_order_lines_count_check" CHECK("fsa_order_lines"."count" > 0)
);
--> statement-breakpoint
CREATE INDEX `fsa_order_lines_account_idx` ON `fsa_order_lines` (`account_id`,`ordered_at`);--> statement-breakpoint
CREATE TABLE `fsa_products` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`contract_id` integer NOT NULL,
	`bpn` text NOT NULL,
	`product` text NOT NULL,
	`product_name` text NOT NULL,
	`price_7_days` real,
	`price_30_days` real,
	`price_60_days` real,
	`price_90_days` real,
	`price_180_days` real,
	`price_1_year` real,
	`vendor_daemon` text DEFAULT '' NOT NULL,
	`withdrawn` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`contract_id`) REFERENCES `entitlements`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `fsa_products_contract_idx` ON `fsa_products` (`contract_id`,`bpn`);