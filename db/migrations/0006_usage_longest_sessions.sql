CREATE TABLE `usage_longest_sessions` (
	`account_id` text PRIMARY KEY NOT NULL,
	`length_ms` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`account_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `usage_longest_sessions` (`account_id`, `length_ms`)
SELECT `account_id`, max(`end_ts` - `start_ts`) FROM `usage_sessions` WHERE `end_ts` IS NOT NULL GROUP BY `account_id`;
