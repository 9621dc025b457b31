-- The home page's change stamps (SQLite: 0011_home_change_stamps): every change to what a customer's
-- summary shows bumps that customer's version in account_changes ('*' for alerts, which every customer sees).
CREATE FUNCTION bump_account_change(account text) RETURNS void LANGUAGE sql AS $$
  INSERT INTO account_changes (account_id, version) VALUES (account, 1)
  ON CONFLICT (account_id) DO UPDATE SET version = account_changes.version + 1
$$;
--> statement-breakpoint
CREATE FUNCTION account_changes_by_account() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM bump_account_change(NEW.account_id); END IF;
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND OLD.account_id IS DISTINCT FROM NEW.account_id) THEN
    PERFORM bump_account_change(OLD.account_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION account_changes_by_entitlement() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM bump_account_change(account_id) FROM entitlements WHERE id = NEW.entitlement_id;
  ELSE
    PERFORM bump_account_change(account_id) FROM entitlements WHERE id = OLD.entitlement_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Before a host's deletion: its host_accounts rows go with it (cascade), and they name its customers.
CREATE FUNCTION account_changes_by_host() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_account_change(account_id) FROM host_accounts WHERE host_id = OLD.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION account_changes_for_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_account_change('*');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER entitlements_changes_insert AFTER INSERT ON entitlements FOR EACH ROW EXECUTE FUNCTION account_changes_by_account();
--> statement-breakpoint
CREATE TRIGGER entitlements_changes_update AFTER UPDATE ON entitlements FOR EACH ROW EXECUTE FUNCTION account_changes_by_account();
--> statement-breakpoint
CREATE TRIGGER entitlements_changes_delete AFTER DELETE ON entitlements FOR EACH ROW EXECUTE FUNCTION account_changes_by_account();
--> statement-breakpoint
CREATE TRIGGER fulfillments_changes_insert AFTER INSERT ON fulfillments FOR EACH ROW EXECUTE FUNCTION account_changes_by_account();
--> statement-breakpoint
CREATE TRIGGER fulfillments_changes_update AFTER UPDATE ON fulfillments FOR EACH ROW EXECUTE FUNCTION account_changes_by_account();
--> statement-breakpoint
CREATE TRIGGER fulfillments_changes_delete AFTER DELETE ON fulfillments FOR EACH ROW EXECUTE FUNCTION account_changes_by_account();
--> statement-breakpoint
CREATE TRIGGER emails_changes_insert AFTER INSERT ON emails FOR EACH ROW EXECUTE FUNCTION account_changes_by_account();
--> statement-breakpoint
CREATE TRIGGER emails_changes_update AFTER UPDATE ON emails FOR EACH ROW EXECUTE FUNCTION account_changes_by_account();
--> statement-breakpoint
CREATE TRIGGER emails_changes_delete AFTER DELETE ON emails FOR EACH ROW EXECUTE FUNCTION account_changes_by_account();
--> statement-breakpoint
CREATE TRIGGER host_accounts_changes_insert AFTER INSERT ON host_accounts FOR EACH ROW EXECUTE FUNCTION account_changes_by_account();
--> statement-breakpoint
CREATE TRIGGER host_accounts_changes_update AFTER UPDATE ON host_accounts FOR EACH ROW EXECUTE FUNCTION account_changes_by_account();
--> statement-breakpoint
CREATE TRIGGER host_accounts_changes_delete AFTER DELETE ON host_accounts FOR EACH ROW EXECUTE FUNCTION account_changes_by_account();
--> statement-breakpoint
CREATE TRIGGER accounts_changes_insert AFTER INSERT ON accounts FOR EACH ROW EXECUTE FUNCTION account_changes_by_account();
--> statement-breakpoint
CREATE TRIGGER accounts_changes_update AFTER UPDATE ON accounts FOR EACH ROW EXECUTE FUNCTION account_changes_by_account();
--> statement-breakpoint
CREATE TRIGGER accounts_changes_delete AFTER DELETE ON accounts FOR EACH ROW EXECUTE FUNCTION account_changes_by_account();
--> statement-breakpoint
CREATE TRIGGER low_balance_alerts_changes_insert AFTER INSERT ON low_balance_alerts FOR EACH ROW EXECUTE FUNCTION account_changes_by_entitlement();
--> statement-breakpoint
CREATE TRIGGER low_balance_alerts_changes_update AFTER UPDATE ON low_balance_alerts FOR EACH ROW EXECUTE FUNCTION account_changes_by_entitlement();
--> statement-breakpoint
CREATE TRIGGER low_balance_alerts_changes_delete AFTER DELETE ON low_balance_alerts FOR EACH ROW EXECUTE FUNCTION account_changes_by_entitlement();
--> statement-breakpoint
CREATE TRIGGER usage_day_charges_changes_insert AFTER INSERT ON usage_day_charges FOR EACH ROW EXECUTE FUNCTION account_changes_by_entitlement();
--> statement-breakpoint
CREATE TRIGGER usage_day_charges_changes_update AFTER UPDATE ON usage_day_charges FOR EACH ROW EXECUTE FUNCTION account_changes_by_entitlement();
--> statement-breakpoint
CREATE TRIGGER usage_day_charges_changes_delete AFTER DELETE ON usage_day_charges FOR EACH ROW EXECUTE FUNCTION account_changes_by_entitlement();
--> statement-breakpoint
CREATE TRIGGER hosts_changes_update AFTER UPDATE ON hosts FOR EACH ROW EXECUTE FUNCTION account_changes_by_host();
--> statement-breakpoint
CREATE TRIGGER hosts_changes_delete BEFORE DELETE ON hosts FOR EACH ROW EXECUTE FUNCTION account_changes_by_host();
--> statement-breakpoint
CREATE TRIGGER notifications_changes_insert AFTER INSERT ON notifications FOR EACH ROW EXECUTE FUNCTION account_changes_for_all();
--> statement-breakpoint
CREATE TRIGGER notifications_changes_update AFTER UPDATE ON notifications FOR EACH ROW EXECUTE FUNCTION account_changes_for_all();
--> statement-breakpoint
CREATE TRIGGER notifications_changes_delete AFTER DELETE ON notifications FOR EACH ROW EXECUTE FUNCTION account_changes_for_all();
