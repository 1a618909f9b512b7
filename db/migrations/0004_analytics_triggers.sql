-- Keeps the analytics aggregates (invoice_days, invoice_months, open_receivables,
-- client_revenue_days, client_revenue_months; ADR 0013) in step with invoices, in the same
-- transaction as every insert, change and delete, after filling them from the invoices stored. The day and month tables
-- keep counts and totals per type and status (the revenue rule lives in server/domain/analytics.ts);
-- the client tables apply that rule here: paid invoices, minus credit notes sent, viewed or paid.
-- Open receivables are invoices sent, viewed or overdue.
UPDATE invoices SET bill_to_name = coalesce(json_extract(doc, '$.bill_to_name'), '');
--> statement-breakpoint
INSERT INTO invoice_days (account_id, issue_date, currency, type, status, count, total)
SELECT account_id, issue_date, currency, type, status, count(*), sum(total) FROM invoices GROUP BY account_id, issue_date, currency, type, status;
--> statement-breakpoint
INSERT INTO invoice_months (account_id, month, currency, type, status, count, total)
SELECT account_id, substr(issue_date, 1, 7), currency, type, status, count(*), sum(total) FROM invoices GROUP BY account_id, substr(issue_date, 1, 7), currency, type, status;
--> statement-breakpoint
INSERT INTO open_receivables (account_id, currency, due_date, status, count, amount_due)
SELECT account_id, currency, coalesce(due_date, ''), status, count(*), sum(total - amount_paid) FROM invoices AS i WHERE i.type = 'invoice' AND i.status IN ('sent', 'viewed', 'overdue')
GROUP BY account_id, currency, coalesce(due_date, ''), status;
--> statement-breakpoint
INSERT INTO client_revenue_months (account_id, month, currency, client_key, client_id, name, revenue, count)
SELECT account_id, substr(i.issue_date, 1, 7), currency, coalesce(i.client_id, 'name:' || i.bill_to_name), client_id, max(bill_to_name), sum(CASE WHEN i.type = 'invoice' AND i.status = 'paid' THEN i.total WHEN i.type = 'credit_note' AND i.status IN ('sent', 'viewed', 'paid') THEN -i.total ELSE 0 END), count(*) FROM invoices AS i WHERE ((i.type = 'invoice' AND i.status = 'paid') OR (i.type = 'credit_note' AND i.status IN ('sent', 'viewed', 'paid')))
GROUP BY account_id, substr(i.issue_date, 1, 7), currency, coalesce(i.client_id, 'name:' || i.bill_to_name);
--> statement-breakpoint
INSERT INTO client_revenue_days (account_id, issue_date, currency, client_key, client_id, name, revenue, count)
SELECT account_id, issue_date, currency, coalesce(i.client_id, 'name:' || i.bill_to_name), client_id, max(bill_to_name), sum(CASE WHEN i.type = 'invoice' AND i.status = 'paid' THEN i.total WHEN i.type = 'credit_note' AND i.status IN ('sent', 'viewed', 'paid') THEN -i.total ELSE 0 END), count(*) FROM invoices AS i WHERE ((i.type = 'invoice' AND i.status = 'paid') OR (i.type = 'credit_note' AND i.status IN ('sent', 'viewed', 'paid')))
GROUP BY account_id, issue_date, currency, coalesce(i.client_id, 'name:' || i.bill_to_name);
--> statement-breakpoint
CREATE TRIGGER invoice_aggregates_insert AFTER INSERT ON invoices BEGIN
  INSERT INTO invoice_days (account_id, issue_date, currency, type, status, count, total)
  VALUES (NEW.account_id, NEW.issue_date, NEW.currency, NEW.type, NEW.status, 1, NEW.total)
  ON CONFLICT (account_id, issue_date, currency, type, status) DO UPDATE SET count = count + 1, total = total + excluded.total;
  INSERT INTO invoice_months (account_id, month, currency, type, status, count, total)
  VALUES (NEW.account_id, substr(NEW.issue_date, 1, 7), NEW.currency, NEW.type, NEW.status, 1, NEW.total)
  ON CONFLICT (account_id, month, currency, type, status) DO UPDATE SET count = count + 1, total = total + excluded.total;
  INSERT INTO open_receivables (account_id, currency, due_date, status, count, amount_due)
  SELECT NEW.account_id, NEW.currency, coalesce(NEW.due_date, ''), NEW.status, 1, NEW.total - NEW.amount_paid WHERE NEW.type = 'invoice' AND NEW.status IN ('sent', 'viewed', 'overdue')
  ON CONFLICT (account_id, currency, due_date, status) DO UPDATE SET count = count + 1, amount_due = amount_due + excluded.amount_due;
  INSERT INTO client_revenue_months (account_id, month, currency, client_key, client_id, name, revenue, count)
  SELECT NEW.account_id, substr(NEW.issue_date, 1, 7), NEW.currency, coalesce(NEW.client_id, 'name:' || NEW.bill_to_name), NEW.client_id, NEW.bill_to_name, CASE WHEN NEW.type = 'invoice' AND NEW.status = 'paid' THEN NEW.total WHEN NEW.type = 'credit_note' AND NEW.status IN ('sent', 'viewed', 'paid') THEN -NEW.total ELSE 0 END, 1 WHERE ((NEW.type = 'invoice' AND NEW.status = 'paid') OR (NEW.type = 'credit_note' AND NEW.status IN ('sent', 'viewed', 'paid')))
  ON CONFLICT (account_id, month, currency, client_key) DO UPDATE SET revenue = revenue + excluded.revenue, count = count + 1, name = excluded.name;
  INSERT INTO client_revenue_days (account_id, issue_date, currency, client_key, client_id, name, revenue, count)
  SELECT NEW.account_id, NEW.issue_date, NEW.currency, coalesce(NEW.client_id, 'name:' || NEW.bill_to_name), NEW.client_id, NEW.bill_to_name, CASE WHEN NEW.type = 'invoice' AND NEW.status = 'paid' THEN NEW.total WHEN NEW.type = 'credit_note' AND NEW.status IN ('sent', 'viewed', 'paid') THEN -NEW.total ELSE 0 END, 1 WHERE ((NEW.type = 'invoice' AND NEW.status = 'paid') OR (NEW.type = 'credit_note' AND NEW.status IN ('sent', 'viewed', 'paid')))
  ON CONFLICT (account_id, issue_date, currency, client_key) DO UPDATE SET revenue = revenue + excluded.revenue, count = count + 1, name = excluded.name;
END;
--> statement-breakpoint
CREATE TRIGGER invoice_aggregates_delete AFTER DELETE ON invoices BEGIN
  UPDATE invoice_days SET count = count - 1, total = total - OLD.total
  WHERE account_id = OLD.account_id AND issue_date = OLD.issue_date AND currency = OLD.currency AND type = OLD.type AND status = OLD.status;
  UPDATE invoice_months SET count = count - 1, total = total - OLD.total
  WHERE account_id = OLD.account_id AND month = substr(OLD.issue_date, 1, 7) AND currency = OLD.currency AND type = OLD.type AND status = OLD.status;
  UPDATE open_receivables SET count = count - 1, amount_due = amount_due - (OLD.total - OLD.amount_paid)
  WHERE OLD.type = 'invoice' AND OLD.status IN ('sent', 'viewed', 'overdue') AND account_id = OLD.account_id AND currency = OLD.currency AND due_date = coalesce(OLD.due_date, '') AND status = OLD.status;
  UPDATE client_revenue_months SET count = count - 1, revenue = revenue - (CASE WHEN OLD.type = 'invoice' AND OLD.status = 'paid' THEN OLD.total WHEN OLD.type = 'credit_note' AND OLD.status IN ('sent', 'viewed', 'paid') THEN -OLD.total ELSE 0 END)
  WHERE ((OLD.type = 'invoice' AND OLD.status = 'paid') OR (OLD.type = 'credit_note' AND OLD.status IN ('sent', 'viewed', 'paid'))) AND account_id = OLD.account_id AND month = substr(OLD.issue_date, 1, 7) AND currency = OLD.currency AND client_key = coalesce(OLD.client_id, 'name:' || OLD.bill_to_name);
  UPDATE client_revenue_days SET count = count - 1, revenue = revenue - (CASE WHEN OLD.type = 'invoice' AND OLD.status = 'paid' THEN OLD.total WHEN OLD.type = 'credit_note' AND OLD.status IN ('sent', 'viewed', 'paid') THEN -OLD.total ELSE 0 END)
  WHERE ((OLD.type = 'invoice' AND OLD.status = 'paid') OR (OLD.type = 'credit_note' AND OLD.status IN ('sent', 'viewed', 'paid'))) AND account_id = OLD.account_id AND issue_date = OLD.issue_date AND currency = OLD.currency AND client_key = coalesce(OLD.client_id, 'name:' || OLD.bill_to_name);
END;
--> statement-breakpoint
CREATE TRIGGER invoice_aggregates_update AFTER UPDATE OF currency, issue_date, due_date, type, status, total, amount_paid, client_id, bill_to_name ON invoices
WHEN OLD.currency IS NOT NEW.currency OR OLD.issue_date IS NOT NEW.issue_date OR OLD.due_date IS NOT NEW.due_date OR OLD.type IS NOT NEW.type OR OLD.status IS NOT NEW.status OR OLD.total IS NOT NEW.total OR OLD.amount_paid IS NOT NEW.amount_paid OR OLD.client_id IS NOT NEW.client_id OR OLD.bill_to_name IS NOT NEW.bill_to_name BEGIN
  UPDATE invoice_days SET count = count - 1, total = total - OLD.total
  WHERE account_id = OLD.account_id AND issue_date = OLD.issue_date AND currency = OLD.currency AND type = OLD.type AND status = OLD.status;
  UPDATE invoice_months SET count = count - 1, total = total - OLD.total
  WHERE account_id = OLD.account_id AND month = substr(OLD.issue_date, 1, 7) AND currency = OLD.currency AND type = OLD.type AND status = OLD.status;
  UPDATE open_receivables SET count = count - 1, amount_due = amount_due - (OLD.total - OLD.amount_paid)
  WHERE OLD.type = 'invoice' AND OLD.status IN ('sent', 'viewed', 'overdue') AND account_id = OLD.account_id AND currency = OLD.currency AND due_date = coalesce(OLD.due_date, '') AND status = OLD.status;
  UPDATE client_revenue_months SET count = count - 1, revenue = revenue - (CASE WHEN OLD.type = 'invoice' AND OLD.status = 'paid' THEN OLD.total WHEN OLD.type = 'credit_note' AND OLD.status IN ('sent', 'viewed', 'paid') THEN -OLD.total ELSE 0 END)
  WHERE ((OLD.type = 'invoice' AND OLD.status = 'paid') OR (OLD.type = 'credit_note' AND OLD.status IN ('sent', 'viewed', 'paid'))) AND account_id = OLD.account_id AND month = substr(OLD.issue_date, 1, 7) AND currency = OLD.currency AND client_key = coalesce(OLD.client_id, 'name:' || OLD.bill_to_name);
  UPDATE client_revenue_days SET count = count - 1, revenue = revenue - (CASE WHEN OLD.type = 'invoice' AND OLD.status = 'paid' THEN OLD.total WHEN OLD.type = 'credit_note' AND OLD.status IN ('sent', 'viewed', 'paid') THEN -OLD.total ELSE 0 END)
  WHERE ((OLD.type = 'invoice' AND OLD.status = 'paid') OR (OLD.type = 'credit_note' AND OLD.status IN ('sent', 'viewed', 'paid'))) AND account_id = OLD.account_id AND issue_date = OLD.issue_date AND currency = OLD.currency AND client_key = coalesce(OLD.client_id, 'name:' || OLD.bill_to_name);
  INSERT INTO invoice_days (account_id, issue_date, currency, type, status, count, total)
  VALUES (NEW.account_id, NEW.issue_date, NEW.currency, NEW.type, NEW.status, 1, NEW.total)
  ON CONFLICT (account_id, issue_date, currency, type, status) DO UPDATE SET count = count + 1, total = total + excluded.total;
  INSERT INTO invoice_months (account_id, month, currency, type, status, count, total)
  VALUES (NEW.account_id, substr(NEW.issue_date, 1, 7), NEW.currency, NEW.type, NEW.status, 1, NEW.total)
  ON CONFLICT (account_id, month, currency, type, status) DO UPDATE SET count = count + 1, total = total + excluded.total;
  INSERT INTO open_receivables (account_id, currency, due_date, status, count, amount_due)
  SELECT NEW.account_id, NEW.currency, coalesce(NEW.due_date, ''), NEW.status, 1, NEW.total - NEW.amount_paid WHERE NEW.type = 'invoice' AND NEW.status IN ('sent', 'viewed', 'overdue')
  ON CONFLICT (account_id, currency, due_date, status) DO UPDATE SET count = count + 1, amount_due = amount_due + excluded.amount_due;
  INSERT INTO client_revenue_months (account_id, month, currency, client_key, client_id, name, revenue, count)
  SELECT NEW.account_id, substr(NEW.issue_date, 1, 7), NEW.currency, coalesce(NEW.client_id, 'name:' || NEW.bill_to_name), NEW.client_id, NEW.bill_to_name, CASE WHEN NEW.type = 'invoice' AND NEW.status = 'paid' THEN NEW.total WHEN NEW.type = 'credit_note' AND NEW.status IN ('sent', 'viewed', 'paid') THEN -NEW.total ELSE 0 END, 1 WHERE ((NEW.type = 'invoice' AND NEW.status = 'paid') OR (NEW.type = 'credit_note' AND NEW.status IN ('sent', 'viewed', 'paid')))
  ON CONFLICT (account_id, month, currency, client_key) DO UPDATE SET revenue = revenue + excluded.revenue, count = count + 1, name = excluded.name;
  INSERT INTO client_revenue_days (account_id, issue_date, currency, client_key, client_id, name, revenue, count)
  SELECT NEW.account_id, NEW.issue_date, NEW.currency, coalesce(NEW.client_id, 'name:' || NEW.bill_to_name), NEW.client_id, NEW.bill_to_name, CASE WHEN NEW.type = 'invoice' AND NEW.status = 'paid' THEN NEW.total WHEN NEW.type = 'credit_note' AND NEW.status IN ('sent', 'viewed', 'paid') THEN -NEW.total ELSE 0 END, 1 WHERE ((NEW.type = 'invoice' AND NEW.status = 'paid') OR (NEW.type = 'credit_note' AND NEW.status IN ('sent', 'viewed', 'paid')))
  ON CONFLICT (account_id, issue_date, currency, client_key) DO UPDATE SET revenue = revenue + excluded.revenue, count = count + 1, name = excluded.name;
END;
