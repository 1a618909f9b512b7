DROP INDEX `clients_account_name`;--> statement-breakpoint
CREATE INDEX `clients_account_search` ON `clients` (`account_id`,`search_text`,`id`,`archived_at`);--> statement-breakpoint
CREATE INDEX `invoice_days_cover` ON `invoice_days` (`account_id`,`issue_date`,`type`,`status`,`currency`,`count`,`total`);--> statement-breakpoint
CREATE INDEX `invoice_months_cover` ON `invoice_months` (`account_id`,`month`,`type`,`status`,`currency`,`count`,`total`);--> statement-breakpoint
CREATE INDEX `open_receivables_cover` ON `open_receivables` (`account_id`,`currency`,`due_date`,`status`,`count`,`amount_due`);