CREATE TABLE `usage_day_charges` (
	`entitlement_id` integer NOT NULL,
	`day` integer NOT NULL,
	`product` text NOT NULL,
	`cents` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`entitlement_id`, `day`, `product`),
	FOREIGN KEY (`entitlement_id`) REFERENCES `entitlements`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `usage_day_charges` (`entitlement_id`, `day`, `product`, `cents`)
SELECT `entitlement_id`, `end_ts` / 86400000, `product`, sum(CAST(round(`charge` * 100) AS INTEGER))
FROM `usage_sessions` WHERE `end_ts` IS NOT NULL
GROUP BY `entitlement_id`, `end_ts` / 86400000, `product`;
