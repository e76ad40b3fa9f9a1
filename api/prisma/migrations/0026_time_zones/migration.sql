-- AlterTable
ALTER TABLE "itinerary_items" ADD COLUMN     "arrival_date" DATE,
ADD COLUMN     "arrival_time_zone" TEXT,
ADD COLUMN     "departure_time_zone" TEXT,
ADD COLUMN     "time_zone" TEXT;

-- AlterTable
ALTER TABLE "trips" ADD COLUMN     "time_zone" TEXT;
