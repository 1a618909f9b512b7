CREATE TABLE `files` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text,
	`invoice_id` text,
	`cache_key` text,
	`format` text NOT NULL,
	`content_type` text NOT NULL,
	`file_name` text NOT NULL,
	`blob_key` text NOT NULL,
	`size` integer NOT NULL,
	`sha256` text NOT NULL,
	`created_at` text NOT NULL,
	`expires_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `files_cache_key` ON `files` (`account_id`,`cache_key`);--> statement-breakpoint
CREATE INDEX `files_expires_at` ON `files` (`expires_at`);--> statement-breakpoint
CREATE TABLE `shares` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`invoice_id` text NOT NULL,
	`salt` text NOT NULL,
	`token_hash` text NOT NULL,
	`created_at` text NOT NULL,
	`expires_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `shares_invoice` ON `shares` (`invoice_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `shares_token_hash` ON `shares` (`token_hash`);--> statement-breakpoint
CREATE INDEX `shares_account` ON `shares` (`account_id`);--> statement-breakpoint
CREATE TABLE `templates` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`name` text NOT NULL,
	`base` text NOT NULL,
	`options` text NOT NULL,
	`logo` text,
	`revision` integer NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `templates_account_name` ON `templates` (`account_id`,`name`,`id`);