-- CreateTable
CREATE TABLE "story_views" (
    "story_id" UUID NOT NULL,
    "reader_key" TEXT NOT NULL,
    "day" DATE NOT NULL,

    CONSTRAINT "story_views_pkey" PRIMARY KEY ("story_id","reader_key","day")
);

-- CreateIndex
CREATE INDEX "story_views_day_idx" ON "story_views"("day");

-- AddForeignKey
ALTER TABLE "story_views" ADD CONSTRAINT "story_views_story_id_fkey" FOREIGN KEY ("story_id") REFERENCES "stories"("id") ON DELETE CASCADE ON UPDATE CASCADE;
