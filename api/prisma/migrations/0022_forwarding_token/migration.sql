-- Forwarding addresses become random and resettable (issue 25): every new account draws its
-- token from the database's strong random source (gen_random_uuid: 122 random bits, as 32 hex
-- characters); the address is looked up by this exact token, never by the user id.
-- AlterTable
ALTER TABLE "users" ALTER COLUMN "forwarding_token" SET DEFAULT replace((gen_random_uuid())::text, '-'::text, ''::text);

-- Backfill: every existing account gets its own random token (evaluated per row). Deleted
-- accounts keep none, so mail to them has nowhere to go.
UPDATE "users" SET "forwarding_token" = replace((gen_random_uuid())::text, '-'::text, ''::text)
WHERE "forwarding_token" IS NULL AND "deleted_at" IS NULL;
