CREATE TABLE `account_changes` (
	`account_id` text PRIMARY KEY NOT NULL,
	`version` integer NOT NULL
);
--> statement-breakpoint
CREATE TRIGGER `entitlements_changes_insert` AFTER INSERT ON `entitlements` BEGIN
  INSERT INTO `account_changes` (`account_id`, `version`) VALUES (NEW.`account_id`, 1) ON CONFLICT(`account_id`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `entitlements_changes_update` AFTER UPDATE ON `entitlements` BEGIN
  INSERT INTO `account_changes` (`account_id`, `version`) VALUES (NEW.`account_id`, 1) ON CONFLICT(`account_id`) DO UPDATE SET `version` = `version` + 1;
  INSERT INTO `account_changes` (`account_id`, `version`) VALUES (OLD.`account_id`, 1) ON CONFLICT(`account_id`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `entitlements_changes_delete` AFTER DELETE ON `entitlements` BEGIN
  INSERT INTO `account_changes` (`account_id`, `version`) VALUES (OLD.`account_id`, 1) ON CONFLICT(`account_id`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `fulfillments_changes_insert` AFTER INSERT ON `fulfillments` BEGIN
  INSERT INTO `account_changes` (`account_id`, `version`) VALUES (NEW.`account_id`, 1) ON CONFLICT(`account_id`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `fulfillments_changes_update` AFTER UPDATE ON `fulfillments` BEGIN
  INSERT INTO `account_changes` (`account_id`, `version`) VALUES (NEW.`account_id`, 1) ON CONFLICT(`account_id`) DO UPDATE SET `version` = `version` + 1;
  INSERT INTO `account_changes` (`account_id`, `version`) VALUES (OLD.`account_id`, 1) ON CONFLICT(`account_id`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `fulfillments_changes_delete` AFTER DELETE ON `fulfillments` BEGIN
  INSERT INTO `account_changes` (`account_id`, `version`) VALUES (OLD.`account_id`, 1) ON CONFLICT(`account_id`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `emails_changes_insert` AFTER INSERT ON `emails` BEGIN
  INSERT INTO `account_changes` (`account_id`, `version`) VALUES (NEW.`account_id`, 1) ON CONFLICT(`account_id`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `emails_changes_update` AFTER UPDATE ON `emails` BEGIN
  INSERT INTO `account_changes` (`account_id`, `version`) VALUES (NEW.`account_id`, 1) ON CONFLICT(`account_id`) DO UPDATE SET `version` = `version` + 1;
  INSERT INTO `account_changes` (`account_id`, `version`) VALUES (OLD.`account_id`, 1) ON CONFLICT(`account_id`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `emails_changes_delete` AFTER DELETE ON `emails` BEGIN
  INSERT INTO `account_changes` (`account_id`, `version`) VALUES (OLD.`account_id`, 1) ON CONFLICT(`account_id`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `host_accounts_changes_insert` AFTER INSERT ON `host_accounts` BEGIN
  INSERT INTO `account_changes` (`account_id`, `version`) VALUES (NEW.`account_id`, 1) ON CONFLICT(`account_id`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `host_accounts_changes_update` AFTER UPDATE ON `host_accounts` BEGIN
  INSERT INTO `account_changes` (`account_id`, `version`) VALUES (NEW.`account_id`, 1) ON CONFLICT(`account_id`) DO UPDATE SET `version` = `version` + 1;
  INSERT INTO `account_changes` (`account_id`, `version`) VALUES (OLD.`account_id`, 1) ON CONFLICT(`account_id`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `host_accounts_changes_delete` AFTER DELETE ON `host_accounts` BEGIN
  INSERT INTO `account_changes` (`account_id`, `version`) VALUES (OLD.`account_id`, 1) ON CONFLICT(`account_id`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `accounts_changes_insert` AFTER INSERT ON `accounts` BEGIN
  INSERT INTO `account_changes` (`account_id`, `version`) VALUES (NEW.`account_id`, 1) ON CONFLICT(`account_id`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `accounts_changes_update` AFTER UPDATE ON `accounts` BEGIN
  INSERT INTO `account_changes` (`account_id`, `version`) VALUES (NEW.`account_id`, 1) ON CONFLICT(`account_id`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `accounts_changes_delete` AFTER DELETE ON `accounts` BEGIN
  INSERT INTO `account_changes` (`account_id`, `version`) VALUES (OLD.`account_id`, 1) ON CONFLICT(`account_id`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `low_balance_alerts_changes_insert` AFTER INSERT ON `low_balance_alerts` BEGIN
  INSERT INTO `account_changes` (`account_id`, `version`) SELECT `account_id`, 1 FROM `entitlements` WHERE `id` = NEW.`entitlement_id` ON CONFLICT(`account_id`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `low_balance_alerts_changes_update` AFTER UPDATE ON `low_balance_alerts` BEGIN
  INSERT INTO `account_changes` (`account_id`, `version`) SELECT `account_id`, 1 FROM `entitlements` WHERE `id` = NEW.`entitlement_id` ON CONFLICT(`account_id`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `low_balance_alerts_changes_delete` AFTER DELETE ON `low_balance_alerts` BEGIN
  INSERT INTO `account_changes` (`account_id`, `version`) SELECT `account_id`, 1 FROM `entitlements` WHERE `id` = OLD.`entitlement_id` ON CONFLICT(`account_id`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `usage_day_charges_changes_insert` AFTER INSERT ON `usage_day_charges` BEGIN
  INSERT INTO `account_changes` (`account_id`, `version`) SELECT `account_id`, 1 FROM `entitlements` WHERE `id` = NEW.`entitlement_id` ON CONFLICT(`account_id`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `usage_day_charges_changes_update` AFTER UPDATE ON `usage_day_charges` BEGIN
  INSERT INTO `account_changes` (`account_id`, `version`) SELECT `account_id`, 1 FROM `entitlements` WHERE `id` = NEW.`entitlement_id` ON CONFLICT(`account_id`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `usage_day_charges_changes_delete` AFTER DELETE ON `usage_day_charges` BEGIN
  INSERT INTO `account_changes` (`account_id`, `version`) SELECT `account_id`, 1 FROM `entitlements` WHERE `id` = OLD.`entitlement_id` ON CONFLICT(`account_id`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `hosts_changes_update` AFTER UPDATE ON `hosts` BEGIN
  INSERT INTO `account_changes` (`account_id`, `version`) SELECT `account_id`, 1 FROM `host_accounts` WHERE `host_id` = NEW.`id` ON CONFLICT(`account_id`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `hosts_changes_delete` AFTER DELETE ON `hosts` BEGIN
  INSERT INTO `account_changes` (`account_id`, `version`) SELECT `account_id`, 1 FROM `host_accounts` WHERE `host_id` = OLD.`id` ON CONFLICT(`account_id`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `notifications_changes_insert` AFTER INSERT ON `notifications` BEGIN
  INSERT INTO `account_changes` (`account_id`, `version`) VALUES ('*', 1) ON CONFLICT(`account_id`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `notifications_changes_update` AFTER UPDATE ON `notifications` BEGIN
  INSERT INTO `account_changes` (`account_id`, `version`) VALUES ('*', 1) ON CONFLICT(`account_id`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `notifications_changes_delete` AFTER DELETE ON `notifications` BEGIN
  INSERT INTO `account_changes` (`account_id`, `version`) VALUES ('*', 1) ON CONFLICT(`account_id`) DO UPDATE SET `version` = `version` + 1;
END;
