CREATE TABLE `email_deliveries` (
	`email_id` integer PRIMARY KEY NOT NULL,
	`state` text NOT NULL,
	`message_id` text NOT NULL,
	`queued_at` integer NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer,
	`last_attempt_at` integer,
	`claim_token` text,
	`claimed_until` integer,
	`sent_at` integer,
	`answer` text,
	FOREIGN KEY (`email_id`) REFERENCES `emails`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `email_deliveries_due_idx` ON `email_deliveries` (`state`,`next_attempt_at`);