-- AlterTable
ALTER TABLE "reservations" ADD COLUMN     "end_date" DATE,
ADD COLUMN     "end_time" VARCHAR(5),
ADD COLUMN     "time_zone" TEXT;
