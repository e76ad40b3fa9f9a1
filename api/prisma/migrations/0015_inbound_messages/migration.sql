-- CreateEnum
CREATE TYPE "inbound_message_outcome" AS ENUM ('accepted', 'duplicate', 'refused');

-- AlterEnum
ALTER TYPE "notification_type" ADD VALUE 'reservation_received';

-- CreateTable
CREATE TABLE "inbound_messages" (
    "id" UUID NOT NULL,
    "user_id" UUID,
    "outcome" "inbound_message_outcome" NOT NULL,
    "reason" TEXT,
    "channel" VARCHAR(10) NOT NULL,
    "sender" TEXT,
    "recipient" TEXT,
    "subject" TEXT,
    "message_id" TEXT,
    "size_bytes" INTEGER NOT NULL,
    "reservation_count" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "inbound_messages_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "inbound_messages_user_id_created_at_idx" ON "inbound_messages"("user_id", "created_at");

-- CreateIndex
CREATE INDEX "inbound_messages_outcome_created_at_idx" ON "inbound_messages"("outcome", "created_at");

-- AddForeignKey
ALTER TABLE "inbound_messages" ADD CONSTRAINT "inbound_messages_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
