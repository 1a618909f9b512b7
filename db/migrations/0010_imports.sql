CREATE TABLE `import_records` (
	`account_id` text NOT NULL,
	`kind` text NOT NULL,
	`record_sha256` text NOT NULL,
	`entity_id` text NOT NULL,
	`import_id` text NOT NULL,
	`created_at` text NOT NULL,
	PRIMARY KEY(`account_id`, `kind`, `record_sha256`)
);
--> statement-breakpoint
CREATE TABLE `imports` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`format` text NOT NULL,
	`file_sha256` text NOT NULL,
	`dry_run` integer NOT NULL,
	`status` text NOT NULL,
	`result` text,
	`done` integer NOT NULL,
	`total` integer NOT NULL,
	`created_at` text NOT NULL,
	`finished_at` text
);
--> statement-breakpoint
CREATE INDEX `imports_account_created` ON `imports` (`account_id`,`created_at`);