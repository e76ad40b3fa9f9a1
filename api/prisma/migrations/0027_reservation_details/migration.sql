-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "reservation_type" ADD VALUE 'train';
ALTER TYPE "reservation_type" ADD VALUE 'bus';
ALTER TYPE "reservation_type" ADD VALUE 'ferry';
ALTER TYPE "reservation_type" ADD VALUE 'car_rental';

-- AlterTable
ALTER TABLE "reservations" ADD COLUMN     "end_date" DATE,
ADD COLUMN     "end_time" VARCHAR(5),
ADD COLUMN     "passengers" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "provider" TEXT,
ADD COLUMN     "review_fields" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "seat" TEXT;
