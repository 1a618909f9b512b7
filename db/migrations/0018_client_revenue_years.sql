-- Client revenue per year (ADR 0013), as client_revenue_months keeps it per month (migration 0004):
-- filled from the invoices, then kept in step by triggers of its own, in the same transaction as every
-- insert, change and delete of an invoice.
CREATE TABLE `client_revenue_years` (
	`account_id` text NOT NULL,
	`currency` text NOT NULL,
	`year` text NOT NULL,
	`client_key` text NOT NULL,
	`client_id` text,
	`name` text NOT NULL,
	`revenue` integer NOT NULL,
	`count` integer NOT NULL,
	PRIMARY KEY(`account_id`, `year`, `currency`, `client_key`)
);
--> statement-breakpoint
INSERT INTO client_revenue_years (account_id, year, currency, client_key, client_id, name, revenue, count)
SELECT account_id, substr(i.issue_date, 1, 4), currency, coalesce(i.client_id, 'name:' || i.bill_to_name), client_id, max(bill_to_name), sum(CASE WHEN i.type = 'invoice' AND i.status = 'paid' THEN i.total WHEN i.type = 'credit_note' AND i.status IN ('sent', 'viewed', 'paid') THEN -i.total ELSE 0 END), count(*) FROM invoices AS i WHERE ((i.type = 'invoice' AND i.status = 'paid') OR (i.type = 'credit_note' AND i.status IN ('sent', 'viewed', 'paid')))
GROUP BY account_id, substr(i.issue_date, 1, 4), currency, coalesce(i.client_id, 'name:' || i.bill_to_name);
--> statement-breakpoint
CREATE TRIGGER client_revenue_years_insert AFTER INSERT ON invoices BEGIN
  INSERT INTO client_revenue_years (account_id, year, currency, client_key, client_id, name, revenue, count)
  SELECT NEW.account_id, substr(NEW.issue_date, 1, 4), NEW.currency, coalesce(NEW.client_id, 'name:' || NEW.bill_to_name), NEW.client_id, NEW.bill_to_name, CASE WHEN NEW.type = 'invoice' AND NEW.status = 'paid' THEN NEW.total WHEN NEW.type = 'credit_note' AND NEW.status IN ('sent', 'viewed', 'paid') THEN -NEW.total ELSE 0 END, 1 WHERE ((NEW.type = 'invoice' AND NEW.status = 'paid') OR (NEW.type = 'credit_note' AND NEW.status IN ('sent', 'viewed', 'paid')))
  ON CONFLICT (account_id, year, currency, client_key) DO UPDATE SET revenue = revenue + excluded.revenue, count = count + 1, name = excluded.name;
END;
--> statement-breakpoint
CREATE TRIGGER client_revenue_years_delete AFTER DELETE ON invoices BEGIN
  UPDATE client_revenue_years SET count = count - 1, revenue = revenue - (CASE WHEN OLD.type = 'invoice' AND OLD.status = 'paid' THEN OLD.total WHEN OLD.type = 'credit_note' AND OLD.status IN ('sent', 'viewed', 'paid') THEN -OLD.total ELSE 0 END)
  WHERE ((OLD.type = 'invoice' AND OLD.status = 'paid') OR (OLD.type = 'credit_note' AND OLD.status IN ('sent', 'viewed', 'paid'))) AND account_id = OLD.account_id AND year = substr(OLD.issue_date, 1, 4) AND currency = OLD.currency AND client_key = coalesce(OLD.client_id, 'name:' || OLD.bill_to_name);
END;
--> statement-breakpoint
CREATE TRIGGER client_revenue_years_update AFTER UPDATE OF currency, issue_date, type, status, total, client_id, bill_to_name ON invoices
WHEN OLD.currency IS NOT NEW.currency OR OLD.issue_date IS NOT NEW.issue_date OR OLD.type IS NOT NEW.type OR OLD.status IS NOT NEW.status OR OLD.total IS NOT NEW.total OR OLD.client_id IS NOT NEW.client_id OR OLD.bill_to_name IS NOT NEW.bill_to_name BEGIN
  UPDATE client_revenue_years SET count = count - 1, revenue = revenue - (CASE WHEN OLD.type = 'invoice' AND OLD.status = 'paid' THEN OLD.total WHEN OLD.type = 'credit_note' AND OLD.status IN ('sent', 'viewed', 'paid') THEN -OLD.total ELSE 0 END)
  WHERE ((OLD.type = 'invoice' AND OLD.status = 'paid') OR (OLD.type = 'credit_note' AND OLD.status IN ('sent', 'viewed', 'paid'))) AND account_id = OLD.account_id AND year = substr(OLD.issue_date, 1, 4) AND currency = OLD.currency AND client_key = coalesce(OLD.client_id, 'name:' || OLD.bill_to_name);
  INSERT INTO client_revenue_years (account_id, year, currency, client_key, client_id, name, revenue, count)
  SELECT NEW.account_id, substr(NEW.issue_date, 1, 4), NEW.currency, coalesce(NEW.client_id, 'name:' || NEW.bill_to_name), NEW.client_id, NEW.bill_to_name, CASE WHEN NEW.type = 'invoice' AND NEW.status = 'paid' THEN NEW.total WHEN NEW.type = 'credit_note' AND NEW.status IN ('sent', 'viewed', 'paid') THEN -NEW.total ELSE 0 END, 1 WHERE ((NEW.type = 'invoice' AND NEW.status = 'paid') OR (NEW.type = 'credit_note' AND NEW.status IN ('sent', 'viewed', 'paid')))
  ON CONFLICT (account_id, year, currency, client_key) DO UPDATE SET revenue = revenue + excluded.revenue, count = count + 1, name = excluded.name;
END;
