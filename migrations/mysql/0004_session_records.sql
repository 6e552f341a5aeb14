-- Session records and revocations (src/adapters/session-records/sql.ts). A record describes one session for
-- the session list: its public id (the JWT's `sid`, or a digest of a database session's token, never
-- the token), a short user-agent description and a truncated address. A revocation refuses a JWT
-- session by its sid, or every session of a user issued before `revoked_at`, until `expires_at`, when
-- those tokens have expired anyway. Times are milliseconds since the epoch. Instances read the
-- revocations recorded since their last look, by `revoked_at`.

CREATE TABLE IF NOT EXISTS `sekisho_sessions` (
  `id` VARCHAR(64) NOT NULL PRIMARY KEY,
  `user_id` VARCHAR(255) NOT NULL,
  `created_at` BIGINT NOT NULL,
  `last_active_at` BIGINT NOT NULL,
  `expires_at` BIGINT NOT NULL,
  `user_agent` VARCHAR(255) NULL,
  `ip` VARCHAR(64) NULL,
  `provider` VARCHAR(255) NULL,
  `provider_sid` VARCHAR(255) NULL,
  `provider_sub` VARCHAR(255) NULL,
  KEY `sekisho_sessions_user_id` (`user_id`),
  KEY `sekisho_sessions_provider_sid` (`provider`, `provider_sid`),
  KEY `sekisho_sessions_provider_sub` (`provider`, `provider_sub`),
  KEY `sekisho_sessions_expires_at` (`expires_at`)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;

CREATE TABLE IF NOT EXISTS `sekisho_revocations` (
  `kind` VARCHAR(16) NOT NULL,
  `key` VARCHAR(255) NOT NULL,
  `revoked_at` BIGINT NOT NULL,
  `expires_at` BIGINT NOT NULL,
  PRIMARY KEY (`kind`, `key`),
  KEY `sekisho_revocations_revoked_at` (`revoked_at`),
  KEY `sekisho_revocations_expires_at` (`expires_at`)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;
