-- AlterTable
ALTER TABLE "itinerary_items" ADD COLUMN     "revision" INTEGER NOT NULL DEFAULT 1;
