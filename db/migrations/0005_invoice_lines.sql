CREATE TABLE `invoice_lines` (
	`account_id` text NOT NULL,
	`client_key` text NOT NULL,
	`issue_date` text NOT NULL,
	`invoice_id` text NOT NULL,
	`position` integer NOT NULL,
	`currency` text NOT NULL,
	`description` text NOT NULL,
	`unit` text NOT NULL,
	`rate` integer NOT NULL,
	`tax_rate` real NOT NULL,
	`due_date` text,
	`payment_terms` text
);
--> statement-breakpoint
CREATE INDEX `invoice_lines_client` ON `invoice_lines` (`account_id`,`client_key`,`issue_date`,`invoice_id`,`position`,`currency`,`description`,`unit`,`rate`,`tax_rate`,`due_date`,`payment_terms`);--> statement-breakpoint
CREATE INDEX `invoice_lines_account` ON `invoice_lines` (`account_id`,`issue_date`);