-- CreateIndex
CREATE INDEX "checklists_trip_id_created_at_id_idx" ON "checklists"("trip_id", "created_at", "id");
