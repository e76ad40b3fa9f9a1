-- AlterTable
ALTER TABLE "trip_invitations" ADD COLUMN     "accept_on_verification" BOOLEAN NOT NULL DEFAULT false;
