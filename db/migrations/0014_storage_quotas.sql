ALTER TABLE `files` ADD `subject` text;--> statement-breakpoint
CREATE INDEX `files_subject` ON `files` (`subject`,`expires_at`);