-- sekisho schema for MySQL 8 and MariaDB 10.5 or later.
-- MySQL commits DDL at once, so every statement is safe to run again if a run stops halfway.
-- Binary collation: ids, tokens and emails compare exactly, as on PostgreSQL and SQLite.

CREATE TABLE IF NOT EXISTS `users` (
  `id` VARCHAR(255) NOT NULL PRIMARY KEY,
  `name` VARCHAR(255) NULL,
  `email` VARCHAR(255) NULL UNIQUE,
  `emailVerified` DATETIME(3) NULL,
  `image` TEXT NULL
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;

CREATE TABLE IF NOT EXISTS `accounts` (
  `id` VARCHAR(255) NOT NULL PRIMARY KEY,
  `userId` VARCHAR(255) NOT NULL,
  `type` VARCHAR(255) NOT NULL,
  `provider` VARCHAR(255) NOT NULL,
  `providerAccountId` VARCHAR(255) NOT NULL,
  `refresh_token` TEXT NULL,
  `access_token` TEXT NULL,
  `expires_at` BIGINT NULL,
  `token_type` VARCHAR(255) NULL,
  `scope` TEXT NULL,
  `id_token` TEXT NULL,
  `session_state` TEXT NULL,
  `authorization_details` TEXT NULL,
  UNIQUE KEY `accounts_provider_providerAccountId` (`provider`, `providerAccountId`),
  KEY `accounts_userId` (`userId`),
  CONSTRAINT `accounts_userId_fkey` FOREIGN KEY (`userId`) REFERENCES `users` (`id`) ON DELETE CASCADE
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;

CREATE TABLE IF NOT EXISTS `sessions` (
  `id` VARCHAR(255) NOT NULL PRIMARY KEY,
  `sessionToken` VARCHAR(255) NOT NULL UNIQUE,
  `userId` VARCHAR(255) NOT NULL,
  `expires` DATETIME(3) NOT NULL,
  KEY `sessions_userId` (`userId`),
  CONSTRAINT `sessions_userId_fkey` FOREIGN KEY (`userId`) REFERENCES `users` (`id`) ON DELETE CASCADE
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;

CREATE TABLE IF NOT EXISTS `verification_token` (
  `identifier` VARCHAR(255) NOT NULL,
  `token` VARCHAR(255) NOT NULL,
  `expires` DATETIME(3) NOT NULL,
  PRIMARY KEY (`identifier`, `token`)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;

CREATE TABLE IF NOT EXISTS `authenticators` (
  `credentialID` VARCHAR(255) NOT NULL UNIQUE,
  `userId` VARCHAR(255) NOT NULL,
  `providerAccountId` VARCHAR(255) NOT NULL,
  `credentialPublicKey` TEXT NOT NULL,
  `counter` BIGINT NOT NULL,
  `credentialDeviceType` VARCHAR(255) NOT NULL,
  `credentialBackedUp` BOOLEAN NOT NULL,
  `transports` VARCHAR(255) NULL,
  PRIMARY KEY (`userId`, `credentialID`),
  CONSTRAINT `authenticators_userId_fkey` FOREIGN KEY (`userId`) REFERENCES `users` (`id`) ON DELETE CASCADE
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;
