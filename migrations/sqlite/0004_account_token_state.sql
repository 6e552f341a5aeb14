-- What sekisho keeps about an account's provider tokens beyond the Auth.js columns
-- (src/session/provider-tokens/). "obtained_at": when the access token was obtained, in seconds since the
-- epoch like "expires_at"; with it the refresh margin stays below half the token's lifetime. "refresh_error":
-- set to "RefreshTokenError" when the provider refused the refresh token, so the user's sessions carry that
-- error until a sign-in with the provider stores new tokens.

ALTER TABLE "accounts" ADD COLUMN "obtained_at" INTEGER;
ALTER TABLE "accounts" ADD COLUMN "refresh_error" TEXT;

-- Session reads look for a marked account of the user in the same statement; this index holds only the marked
-- ones (usually none), so that look costs next to nothing.
CREATE INDEX IF NOT EXISTS "accounts_refresh_error" ON "accounts" ("userId", "refresh_error") WHERE "refresh_error" IS NOT NULL;
