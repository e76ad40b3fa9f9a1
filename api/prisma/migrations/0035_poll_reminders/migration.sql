-- CreateTable
CREATE TABLE "poll_reminders" (
    "poll_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "poll_reminders_pkey" PRIMARY KEY ("poll_id","user_id")
);

-- CreateIndex
CREATE INDEX "poll_reminders_user_id_idx" ON "poll_reminders"("user_id");

-- CreateIndex
CREATE INDEX "trip_polls_closed_at_closes_at_idx" ON "trip_polls"("closed_at", "closes_at");

-- AddForeignKey
ALTER TABLE "poll_reminders" ADD CONSTRAINT "poll_reminders_poll_id_fkey" FOREIGN KEY ("poll_id") REFERENCES "trip_polls"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "poll_reminders" ADD CONSTRAINT "poll_reminders_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
