ALTER TABLE `invoices` ADD `search_version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX `invoices_search_stale` ON `invoices` (`id`) WHERE "invoices"."search_version" < 2;