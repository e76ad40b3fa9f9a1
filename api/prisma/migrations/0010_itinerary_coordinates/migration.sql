-- AlterTable
ALTER TABLE "itinerary_items" ADD COLUMN     "latitude" DOUBLE PRECISION,
ADD COLUMN     "longitude" DOUBLE PRECISION;
