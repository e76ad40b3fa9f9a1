-- CreateEnum
CREATE TYPE "expense_change_action" AS ENUM ('created', 'updated', 'deleted');

-- AlterTable
ALTER TABLE "expense_splits" ADD COLUMN     "base_amount_cents" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "paid_at" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "expenses" ADD COLUMN     "base_currency" VARCHAR(3);

-- CreateTable
CREATE TABLE "expense_changes" (
    "id" UUID NOT NULL,
    "trip_id" UUID NOT NULL,
    "expense_id" UUID NOT NULL,
    "actor_id" UUID,
    "action" "expense_change_action" NOT NULL,
    "title" TEXT NOT NULL,
    "changes" JSONB NOT NULL DEFAULT '[]',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "expense_changes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "expense_payers" (
    "id" UUID NOT NULL,
    "expense_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "amount_cents" INTEGER NOT NULL,
    "base_amount_cents" INTEGER NOT NULL,

    CONSTRAINT "expense_payers_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "expense_changes_trip_id_created_at_idx" ON "expense_changes"("trip_id", "created_at");

-- CreateIndex
CREATE INDEX "expense_changes_expense_id_idx" ON "expense_changes"("expense_id");

-- CreateIndex
CREATE INDEX "expense_changes_actor_id_idx" ON "expense_changes"("actor_id");

-- CreateIndex
CREATE INDEX "expense_payers_user_id_idx" ON "expense_payers"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "expense_payers_expense_id_user_id_key" ON "expense_payers"("expense_id", "user_id");

-- AddForeignKey
ALTER TABLE "expense_changes" ADD CONSTRAINT "expense_changes_trip_id_fkey" FOREIGN KEY ("trip_id") REFERENCES "trips"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "expense_changes" ADD CONSTRAINT "expense_changes_actor_id_fkey" FOREIGN KEY ("actor_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "expense_payers" ADD CONSTRAINT "expense_payers_expense_id_fkey" FOREIGN KEY ("expense_id") REFERENCES "expenses"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "expense_payers" ADD CONSTRAINT "expense_payers_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Expenses recorded before base amounts were kept are in their own currency: that is their base,
-- and each share's base amount is the share itself.
UPDATE "expenses" SET "base_currency" = "currency", "base_amount_cents" = "amount_cents"
WHERE "base_currency" IS NULL AND "exchange_rate" IS NULL;
UPDATE "expense_splits" s SET "base_amount_cents" = s."amount_cents"
FROM "expenses" e WHERE e."id" = s."expense_id" AND e."exchange_rate" IS NULL;

-- Every expense so far had one payer: its row.
INSERT INTO "expense_payers" ("id", "expense_id", "user_id", "amount_cents", "base_amount_cents")
SELECT gen_random_uuid(), "id", "paid_by_id", "amount_cents", COALESCE("base_amount_cents", "amount_cents") FROM "expenses";
