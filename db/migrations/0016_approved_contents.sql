CREATE TABLE `approved_contents` (
	`invoice_id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`revision` integer NOT NULL,
	`content` text NOT NULL,
	`approved_at` text NOT NULL
);
