-- AlterTable
ALTER TABLE "users" ADD COLUMN     "country_other" TEXT;
