-- AlterTable
ALTER TABLE "itinerary_items" ADD COLUMN     "return_arrival_date" DATE,
ADD COLUMN     "return_arrival_time" VARCHAR(5),
ADD COLUMN     "return_arrival_time_zone" TEXT,
ADD COLUMN     "return_departure_time" VARCHAR(5),
ADD COLUMN     "return_time_zone" TEXT;
