-- Keeps invoice_counts (invoices per account, status and type) in step with invoices, in the same
-- transaction as every insert, status or type change, and delete.
CREATE TRIGGER invoice_counts_insert AFTER INSERT ON invoices BEGIN
  INSERT INTO invoice_counts (account_id, status, type, count) VALUES (NEW.account_id, NEW.status, NEW.type, 1)
  ON CONFLICT (account_id, status, type) DO UPDATE SET count = count + 1;
END;
--> statement-breakpoint
CREATE TRIGGER invoice_counts_delete AFTER DELETE ON invoices BEGIN
  UPDATE invoice_counts SET count = count - 1 WHERE account_id = OLD.account_id AND status = OLD.status AND type = OLD.type;
END;
--> statement-breakpoint
CREATE TRIGGER invoice_counts_update AFTER UPDATE OF status, type ON invoices
WHEN OLD.status IS NOT NEW.status OR OLD.type IS NOT NEW.type BEGIN
  UPDATE invoice_counts SET count = count - 1 WHERE account_id = OLD.account_id AND status = OLD.status AND type = OLD.type;
  INSERT INTO invoice_counts (account_id, status, type, count) VALUES (NEW.account_id, NEW.status, NEW.type, 1)
  ON CONFLICT (account_id, status, type) DO UPDATE SET count = count + 1;
END;
