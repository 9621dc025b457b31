ALTER TABLE `accounts` ADD `shared_server_support` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE `accounts` SET `shared_server_support` = `has_shared_license`;
