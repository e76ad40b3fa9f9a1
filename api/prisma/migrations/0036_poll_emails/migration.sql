-- AlterTable
ALTER TABLE "users" ADD COLUMN "email_polls" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "poll_mails" (
    "poll_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sent_at" TIMESTAMP(3),
    "attempts" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "poll_mails_pkey" PRIMARY KEY ("poll_id","user_id","kind")
);

-- CreateIndex
CREATE INDEX "poll_mails_sent_at_created_at_idx" ON "poll_mails"("sent_at", "created_at");

-- CreateIndex
CREATE INDEX "poll_mails_user_id_idx" ON "poll_mails"("user_id");

-- AddForeignKey
ALTER TABLE "poll_mails" ADD CONSTRAINT "poll_mails_poll_id_fkey" FOREIGN KEY ("poll_id") REFERENCES "trip_polls"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "poll_mails" ADD CONSTRAINT "poll_mails_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
