-- Trains, buses, ferries and car rentals as reservation types of their own (the end day and
-- time came with 0028).
ALTER TYPE "reservation_type" ADD VALUE 'train';
ALTER TYPE "reservation_type" ADD VALUE 'bus';
ALTER TYPE "reservation_type" ADD VALUE 'ferry';
ALTER TYPE "reservation_type" ADD VALUE 'car_rental';

-- Who travels, their seat, the booking's provider, and the fields the user is asked to confirm.
ALTER TABLE "reservations" ADD COLUMN     "passengers" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "provider" TEXT,
ADD COLUMN     "review_fields" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "seat" TEXT;
