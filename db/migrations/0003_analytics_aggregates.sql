CREATE TABLE `client_revenue_days` (
	`account_id` text NOT NULL,
	`issue_date` text NOT NULL,
	`currency` text NOT NULL,
	`client_key` text NOT NULL,
	`client_id` text,
	`name` text NOT NULL,
	`revenue` integer NOT NULL,
	`count` integer NOT NULL,
	PRIMARY KEY(`account_id`, `issue_date`, `currency`, `client_key`)
);
--> statement-breakpoint
CREATE TABLE `client_revenue_months` (
	`account_id` text NOT NULL,
	`currency` text NOT NULL,
	`month` text NOT NULL,
	`client_key` text NOT NULL,
	`client_id` text,
	`name` text NOT NULL,
	`revenue` integer NOT NULL,
	`count` integer NOT NULL,
	PRIMARY KEY(`account_id`, `month`, `currency`, `client_key`)
);
--> statement-breakpoint
CREATE TABLE `invoice_days` (
	`account_id` text NOT NULL,
	`currency` text NOT NULL,
	`issue_date` text NOT NULL,
	`type` text NOT NULL,
	`status` text NOT NULL,
	`count` integer NOT NULL,
	`total` integer NOT NULL,
	PRIMARY KEY(`account_id`, `issue_date`, `currency`, `type`, `status`)
);
--> statement-breakpoint
CREATE TABLE `invoice_months` (
	`account_id` text NOT NULL,
	`month` text NOT NULL,
	`currency` text NOT NULL,
	`type` text NOT NULL,
	`status` text NOT NULL,
	`count` integer NOT NULL,
	`total` integer NOT NULL,
	PRIMARY KEY(`account_id`, `month`, `currency`, `type`, `status`)
);
--> statement-breakpoint
CREATE TABLE `open_receivables` (
	`account_id` text NOT NULL,
	`currency` text NOT NULL,
	`due_date` text NOT NULL,
	`status` text NOT NULL,
	`count` integer NOT NULL,
	`amount_due` integer NOT NULL,
	PRIMARY KEY(`account_id`, `currency`, `due_date`, `status`)
);
--> statement-breakpoint
DROP INDEX `invoices_account_client`;--> statement-breakpoint
ALTER TABLE `invoices` ADD `bill_to_name` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX `invoices_account_client_issue` ON `invoices` (`account_id`,`client_id`,`issue_date`,`id`);