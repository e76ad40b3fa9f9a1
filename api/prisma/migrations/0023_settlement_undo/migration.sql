-- AlterTable
ALTER TABLE "settlements" ADD COLUMN     "undone_at" TIMESTAMP(3),
ADD COLUMN     "undone_by_id" UUID;

-- CreateIndex
CREATE INDEX "settlements_undone_by_id_idx" ON "settlements"("undone_by_id");

-- AddForeignKey
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_undone_by_id_fkey" FOREIGN KEY ("undone_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
