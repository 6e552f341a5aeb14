-- What sekisho keeps for a user beyond the Auth.js tables (src/adapters/user-factors/): second factors, backup
-- codes, trusted devices and password hashes, one row each, none of them a secret in the clear (a TOTP seed is
-- encrypted, a code or a password hashed). Times are milliseconds since the epoch; `expires_at` NULL: never.
-- Rows past `expires_at` read as absent and are deleted a few at a time as factors are written.
-- And on the session records: when the user last proved who they are in that session, and with which methods
-- (a JSON array of names), for recent sign-in and the account page.
-- The ALTER is one statement and comes last: MySQL commits DDL at once, and has no ADD COLUMN IF NOT EXISTS.
-- Should a run stop after it but before it is recorded, the next run fails with "Duplicate column name": drop
-- both columns, then run again.

CREATE TABLE IF NOT EXISTS `sekisho_user_factors` (
  `user_id` VARCHAR(255) NOT NULL,
  `kind` VARCHAR(32) NOT NULL,
  `id` VARCHAR(255) NOT NULL,
  `secret` TEXT NOT NULL,
  `label` VARCHAR(255) NULL,
  `created_at` BIGINT NOT NULL,
  `last_used_at` BIGINT NULL,
  `expires_at` BIGINT NULL,
  `confirmed` BOOLEAN NOT NULL,
  PRIMARY KEY (`user_id`, `kind`, `id`),
  KEY `sekisho_user_factors_expires_at` (`expires_at`)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;

ALTER TABLE `sekisho_sessions` ADD COLUMN `proved_at` BIGINT NULL, ADD COLUMN `methods` TEXT NULL;
