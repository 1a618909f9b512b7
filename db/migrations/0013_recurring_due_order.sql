DROP INDEX `recurring_rules_due`;--> statement-breakpoint
CREATE INDEX `recurring_rules_due` ON `recurring_rules` (`status`,`next_date`,`id`);