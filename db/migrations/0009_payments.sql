CREATE TABLE `brand_extractions` (
	`url` text PRIMARY KEY NOT NULL,
	`result` text NOT NULL,
	`logo_file_id` text,
	`fetched_at` text NOT NULL,
	`expires_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `brand_extractions_expires_at` ON `brand_extractions` (`expires_at`);--> statement-breakpoint
CREATE TABLE `paid_usage` (
	`account_id` text NOT NULL,
	`month` text NOT NULL,
	`operation` text NOT NULL,
	`count` integer NOT NULL,
	PRIMARY KEY(`account_id`, `month`, `operation`)
);
--> statement-breakpoint
CREATE TABLE `x402_payments` (
	`nonce_key` text PRIMARY KEY NOT NULL,
	`operation` text NOT NULL,
	`network` text NOT NULL,
	`amount` text NOT NULL,
	`payer` text NOT NULL,
	`status` text NOT NULL,
	`transaction` text,
	`request_id` text NOT NULL,
	`result_sha256` text,
	`created_at` text NOT NULL,
	`settled_at` text
);
