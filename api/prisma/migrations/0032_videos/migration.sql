-- AlterTable
ALTER TABLE "photos" ADD COLUMN     "duration_seconds" DOUBLE PRECISION,
ADD COLUMN     "media_type" TEXT NOT NULL DEFAULT 'photo',
ADD COLUMN     "video_key" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "photos_video_key_key" ON "photos"("video_key");

-- A video is stored as three files: its poster's display copy (storage_key, .webp), the poster's
-- thumbnail beside it (.thumb.webp) and the video itself (video_key). All are queued for removal
-- with the row, however it goes.
CREATE OR REPLACE FUNCTION "queue_removed_photo_file"() RETURNS trigger AS $$
BEGIN
  INSERT INTO "removed_files" ("storage_key")
  VALUES (OLD."storage_key"), (regexp_replace(OLD."storage_key", '\.webp$', '.thumb.webp'))
  ON CONFLICT DO NOTHING;
  IF OLD."video_key" IS NOT NULL THEN
    INSERT INTO "removed_files" ("storage_key") VALUES (OLD."video_key") ON CONFLICT DO NOTHING;
  END IF;
  RETURN OLD;
END
$$ LANGUAGE plpgsql;
