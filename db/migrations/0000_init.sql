CREATE TABLE `accounts` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`tier` text NOT NULL,
	`profile` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `api_keys` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`name` text NOT NULL,
	`token_hash` text NOT NULL,
	`hint` text NOT NULL,
	`scopes` text NOT NULL,
	`created_at` text NOT NULL,
	`last_used_at` text,
	`revoked_at` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `api_keys_token_hash_unique` ON `api_keys` (`token_hash`);--> statement-breakpoint
CREATE INDEX `api_keys_account` ON `api_keys` (`account_id`);--> statement-breakpoint
CREATE TABLE `clients` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`name` text NOT NULL,
	`email` text,
	`phone` text,
	`address` text,
	`tax_id` text,
	`currency` text,
	`locale` text,
	`notes` text,
	`search_text` text NOT NULL,
	`archived_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `clients_account_name` ON `clients` (`account_id`,`name`,`id`);--> statement-breakpoint
CREATE TABLE `feedback` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text,
	`kind` text NOT NULL,
	`message` text NOT NULL,
	`contact` text,
	`context` text,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `invoice_counts` (
	`account_id` text NOT NULL,
	`status` text NOT NULL,
	`type` text NOT NULL,
	`count` integer NOT NULL,
	PRIMARY KEY(`account_id`, `status`, `type`)
);
--> statement-breakpoint
CREATE TABLE `invoice_history` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`invoice_id` text NOT NULL,
	`revision` integer NOT NULL,
	`action` text NOT NULL,
	`from_status` text,
	`to_status` text,
	`changes` text NOT NULL,
	`note` text,
	`actor` text NOT NULL,
	`at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `invoice_history_invoice` ON `invoice_history` (`invoice_id`,`revision`);--> statement-breakpoint
CREATE TABLE `invoices` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`doc` text NOT NULL,
	`type` text NOT NULL,
	`status` text NOT NULL,
	`number` text,
	`revision` integer NOT NULL,
	`client_id` text,
	`currency` text NOT NULL,
	`issue_date` text NOT NULL,
	`due_date` text,
	`total` integer NOT NULL,
	`amount_paid` integer NOT NULL,
	`search_text` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `invoices_account_issue` ON `invoices` (`account_id`,`issue_date`,`id`);--> statement-breakpoint
CREATE INDEX `invoices_account_status_issue` ON `invoices` (`account_id`,`status`,`issue_date`,`id`);--> statement-breakpoint
CREATE INDEX `invoices_account_type_issue` ON `invoices` (`account_id`,`type`,`issue_date`,`id`);--> statement-breakpoint
CREATE INDEX `invoices_account_client` ON `invoices` (`account_id`,`client_id`);--> statement-breakpoint
CREATE INDEX `invoices_open_due` ON `invoices` (`status`,`due_date`);--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_account_type_number` ON `invoices` (`account_id`,`type`,`number`) WHERE "invoices"."number" is not null;--> statement-breakpoint
CREATE TABLE `kv` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`expires_at` text
);
--> statement-breakpoint
CREATE TABLE `leases` (
	`name` text PRIMARY KEY NOT NULL,
	`holder` text NOT NULL,
	`expires_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `number_sequences` (
	`account_id` text NOT NULL,
	`type` text NOT NULL,
	`year` integer NOT NULL,
	`next` integer NOT NULL,
	PRIMARY KEY(`account_id`, `type`, `year`)
);
--> statement-breakpoint
CREATE TABLE `operations` (
	`account_id` text NOT NULL,
	`key` text NOT NULL,
	`fingerprint` text NOT NULL,
	`status` integer NOT NULL,
	`response` text NOT NULL,
	`created_at` text NOT NULL,
	PRIMARY KEY(`account_id`, `key`)
);
--> statement-breakpoint
CREATE INDEX `operations_created` ON `operations` (`created_at`);--> statement-breakpoint
CREATE TABLE `payments` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`invoice_id` text NOT NULL,
	`amount` integer NOT NULL,
	`date` text NOT NULL,
	`method` text,
	`reference` text,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `payments_invoice` ON `payments` (`invoice_id`);--> statement-breakpoint
CREATE TABLE `products` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`unit` text NOT NULL,
	`rate` integer NOT NULL,
	`currency` text,
	`tax_rate` real,
	`sku` text,
	`search_text` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `products_account_name` ON `products` (`account_id`,`name`,`id`);