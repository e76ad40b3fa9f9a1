-- AlterTable
ALTER TABLE "trips" ADD COLUMN     "calendar_token" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "trips_calendar_token_key" ON "trips"("calendar_token");
