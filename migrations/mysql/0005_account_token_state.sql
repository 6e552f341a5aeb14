-- What sekisho keeps about an account's provider tokens beyond the Auth.js columns
-- (src/session/provider-tokens/). `obtained_at`: when the access token was obtained, in seconds since the
-- epoch like `expires_at`; with it the refresh margin stays below half the token's lifetime. `refresh_error`:
-- set to "RefreshTokenError" when the provider refused the refresh token, so the user's sessions carry that
-- error until a sign-in with the provider stores new tokens.
-- Session reads look for a marked account of the user in the same statement; the index answers that look
-- from one index entry.
-- One statement: MySQL commits DDL at once, and has no ADD COLUMN IF NOT EXISTS. Should a run stop after it
-- but before it is recorded, the next run fails with "Duplicate column name": drop both columns, then run again.

ALTER TABLE `accounts` ADD COLUMN `obtained_at` BIGINT NULL, ADD COLUMN `refresh_error` VARCHAR(32) NULL,
  ADD INDEX `accounts_refresh_error` (`userId`, `refresh_error`);
