CREATE TABLE `events` (
	`seq` integer PRIMARY KEY NOT NULL,
	`id` text NOT NULL,
	`account_id` text NOT NULL,
	`type` text NOT NULL,
	`resource_type` text NOT NULL,
	`resource_id` text NOT NULL,
	`data` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `events_id_unique` ON `events` (`id`);--> statement-breakpoint
CREATE INDEX `events_account` ON `events` (`account_id`,`seq`);--> statement-breakpoint
CREATE INDEX `events_resource` ON `events` (`account_id`,`resource_id`,`seq`);--> statement-breakpoint
CREATE TABLE `mail_attempts` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`mail_id` text NOT NULL,
	`at` text NOT NULL,
	`ok` integer NOT NULL,
	`response` text
);
--> statement-breakpoint
CREATE INDEX `mail_attempts_mail` ON `mail_attempts` (`mail_id`,`at`);--> statement-breakpoint
CREATE TABLE `mail_outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`invoice_id` text NOT NULL,
	`kind` text NOT NULL,
	`message` text NOT NULL,
	`status` text NOT NULL,
	`attempts` integer NOT NULL,
	`next_attempt_at` text,
	`last_error` text,
	`message_id` text NOT NULL,
	`created_at` text NOT NULL,
	`sent_at` text
);
--> statement-breakpoint
CREATE INDEX `mail_outbox_due` ON `mail_outbox` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `mail_outbox_invoice` ON `mail_outbox` (`account_id`,`invoice_id`);--> statement-breakpoint
CREATE TABLE `recurring_issues` (
	`rule_id` text NOT NULL,
	`period_date` text NOT NULL,
	`account_id` text NOT NULL,
	`invoice_id` text,
	`created_at` text NOT NULL,
	PRIMARY KEY(`rule_id`, `period_date`)
);
--> statement-breakpoint
CREATE TABLE `recurring_rules` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`rule` text NOT NULL,
	`status` text NOT NULL,
	`next_date` text,
	`issued_count` integer NOT NULL,
	`failures` integer NOT NULL,
	`last_error` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `recurring_rules_due` ON `recurring_rules` (`status`,`next_date`);--> statement-breakpoint
CREATE INDEX `recurring_rules_account` ON `recurring_rules` (`account_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `reminder_sends` (
	`account_id` text NOT NULL,
	`invoice_id` text NOT NULL,
	`offset_days` integer NOT NULL,
	`mail_id` text NOT NULL,
	`created_at` text NOT NULL,
	PRIMARY KEY(`invoice_id`, `offset_days`)
);
--> statement-breakpoint
CREATE TABLE `webhook_attempts` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`delivery_id` text NOT NULL,
	`at` text NOT NULL,
	`status` integer,
	`duration_ms` integer NOT NULL,
	`response_excerpt` text,
	`error` text
);
--> statement-breakpoint
CREATE INDEX `webhook_attempts_delivery` ON `webhook_attempts` (`delivery_id`,`at`);--> statement-breakpoint
CREATE TABLE `webhook_deliveries` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`endpoint_id` text NOT NULL,
	`event_id` text NOT NULL,
	`event_seq` integer NOT NULL,
	`resource_key` text NOT NULL,
	`status` text NOT NULL,
	`attempts` integer NOT NULL,
	`next_attempt_at` text,
	`last_attempt_at` text,
	`last_status` integer,
	`last_error` text,
	`created_at` text NOT NULL,
	`delivered_at` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `webhook_deliveries_event` ON `webhook_deliveries` (`endpoint_id`,`event_id`);--> statement-breakpoint
CREATE INDEX `webhook_deliveries_due` ON `webhook_deliveries` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `webhook_deliveries_order` ON `webhook_deliveries` (`endpoint_id`,`resource_key`,`event_seq`);--> statement-breakpoint
CREATE INDEX `webhook_deliveries_account` ON `webhook_deliveries` (`account_id`,`endpoint_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `webhook_endpoints` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`url` text NOT NULL,
	`description` text,
	`event_types` text NOT NULL,
	`secret` text NOT NULL,
	`enabled` integer NOT NULL,
	`disabled_reason` text,
	`failing_since` text,
	`after_seq` integer NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `webhook_endpoints_account` ON `webhook_endpoints` (`account_id`);