-- CreateIndex
CREATE INDEX "analytics_events_page_created_at_idx" ON "analytics_events"("page", "created_at" DESC);

-- CreateIndex
CREATE INDEX "stories_status_updated_at_idx" ON "stories"("status", "updated_at" DESC);
