CREATE TABLE `rate_counters` (
	`subject` text PRIMARY KEY NOT NULL,
	`burst_start` integer NOT NULL,
	`burst_count` integer NOT NULL,
	`hourly_start` integer NOT NULL,
	`hourly_count` integer NOT NULL,
	`daily_start` integer NOT NULL,
	`daily_count` integer NOT NULL,
	`allowed` integer NOT NULL
);
