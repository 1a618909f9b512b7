-- Keeps invoice_lines (ADR 0012) in step with the items of every invoice and quote that is not void, in
-- the same transaction as each write: an insert adds the record's lines, a change of the record
-- replaces them (the key is found from the old row), a delete removes them; after filling the table
-- from the invoices already stored. A line's VAT rate is its own, else the invoice's, else 0, as the
-- domain's lineTax (server/domain/money.ts) has it.
INSERT INTO invoice_lines (account_id, client_key, issue_date, invoice_id, position, currency, description, unit, rate, tax_rate, due_date, payment_terms)
  SELECT i.account_id, coalesce(i.client_id, 'name:' || i.bill_to_name), i.issue_date, i.id, item.key, i.currency,
    json_extract(item.value, '$.description'), json_extract(item.value, '$.unit'), json_extract(item.value, '$.rate'),
    coalesce(json_extract(item.value, '$.tax_rate'), json_extract(i.doc, '$.tax_rate'), 0), i.due_date, json_extract(i.doc, '$.payment_terms')
  FROM invoices AS i, json_each(i.doc, '$.items') AS item
  WHERE i.type IN ('invoice', 'quote') AND i.status <> 'void';
--> statement-breakpoint
CREATE TRIGGER invoice_lines_insert AFTER INSERT ON invoices BEGIN
  INSERT INTO invoice_lines (account_id, client_key, issue_date, invoice_id, position, currency, description, unit, rate, tax_rate, due_date, payment_terms)
  SELECT NEW.account_id, coalesce(NEW.client_id, 'name:' || NEW.bill_to_name), NEW.issue_date, NEW.id, item.key, NEW.currency,
    json_extract(item.value, '$.description'), json_extract(item.value, '$.unit'), json_extract(item.value, '$.rate'),
    coalesce(json_extract(item.value, '$.tax_rate'), json_extract(NEW.doc, '$.tax_rate'), 0), NEW.due_date, json_extract(NEW.doc, '$.payment_terms')
  FROM json_each(NEW.doc, '$.items') AS item
  WHERE NEW.type IN ('invoice', 'quote') AND NEW.status <> 'void';
END;
--> statement-breakpoint
CREATE TRIGGER invoice_lines_delete AFTER DELETE ON invoices BEGIN
  DELETE FROM invoice_lines
  WHERE account_id = OLD.account_id AND client_key = coalesce(OLD.client_id, 'name:' || OLD.bill_to_name) AND issue_date = OLD.issue_date AND invoice_id = OLD.id;
END;
--> statement-breakpoint
CREATE TRIGGER invoice_lines_update AFTER UPDATE OF doc ON invoices WHEN OLD.doc IS NOT NEW.doc BEGIN
  DELETE FROM invoice_lines
  WHERE account_id = OLD.account_id AND client_key = coalesce(OLD.client_id, 'name:' || OLD.bill_to_name) AND issue_date = OLD.issue_date AND invoice_id = OLD.id;
  INSERT INTO invoice_lines (account_id, client_key, issue_date, invoice_id, position, currency, description, unit, rate, tax_rate, due_date, payment_terms)
  SELECT NEW.account_id, coalesce(NEW.client_id, 'name:' || NEW.bill_to_name), NEW.issue_date, NEW.id, item.key, NEW.currency,
    json_extract(item.value, '$.description'), json_extract(item.value, '$.unit'), json_extract(item.value, '$.rate'),
    coalesce(json_extract(item.value, '$.tax_rate'), json_extract(NEW.doc, '$.tax_rate'), 0), NEW.due_date, json_extract(NEW.doc, '$.payment_terms')
  FROM json_each(NEW.doc, '$.items') AS item
  WHERE NEW.type IN ('invoice', 'quote') AND NEW.status <> 'void';
END;
