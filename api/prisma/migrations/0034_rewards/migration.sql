-- AlterTable
ALTER TABLE "expenses" ADD COLUMN     "suggested_program_id" VARCHAR(64);

-- CreateTable
CREATE TABLE "reward_holdings" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "program_id" VARCHAR(64) NOT NULL,
    "status" VARCHAR(40),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "reward_holdings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "reward_wallets" (
    "user_id" UUID NOT NULL,
    "share_with_trips" BOOLEAN NOT NULL DEFAULT false,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "reward_wallets_pkey" PRIMARY KEY ("user_id")
);

-- CreateTable
CREATE TABLE "reward_program_overrides" (
    "program_id" VARCHAR(64) NOT NULL,
    "data" JSONB NOT NULL,
    "updated_by_id" UUID,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "reward_program_overrides_pkey" PRIMARY KEY ("program_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "reward_holdings_user_id_program_id_key" ON "reward_holdings"("user_id", "program_id");

-- AddForeignKey
ALTER TABLE "reward_holdings" ADD CONSTRAINT "reward_holdings_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reward_wallets" ADD CONSTRAINT "reward_wallets_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
