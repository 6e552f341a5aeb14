-- Rate-limit counters (src/adapters/rate-limit/sql.ts): one row per key, counting hits until `reset_at`,
-- in milliseconds since the epoch. Keys are hashes: the table holds no addresses. Rows whose window
-- has closed are deleted a few at a time as requests come in; the index finds them.

CREATE TABLE IF NOT EXISTS `sekisho_rate_limits` (
  `bucket` VARCHAR(255) NOT NULL PRIMARY KEY,
  `hits` INT NOT NULL,
  `reset_at` BIGINT NOT NULL,
  KEY `sekisho_rate_limits_reset_at` (`reset_at`)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;
