-- CreateTable
CREATE TABLE "poll_days" (
    "poll_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "day" DATE NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "poll_days_pkey" PRIMARY KEY ("poll_id","user_id","day")
);

-- CreateIndex
CREATE INDEX "poll_days_user_id_idx" ON "poll_days"("user_id");

-- AddForeignKey
ALTER TABLE "poll_days" ADD CONSTRAINT "poll_days_poll_id_fkey" FOREIGN KEY ("poll_id") REFERENCES "trip_polls"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "poll_days" ADD CONSTRAINT "poll_days_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
