-- AlterEnum
ALTER TYPE "split_type" ADD VALUE 'itemised';

-- AlterTable
ALTER TABLE "expenses" ADD COLUMN     "items" JSONB,
ADD COLUMN     "tax_cents" INTEGER,
ADD COLUMN     "tip_cents" INTEGER;
