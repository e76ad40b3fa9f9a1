-- CreateTable
CREATE TABLE "story_images" (
    "file" TEXT NOT NULL,
    "uploader_id" UUID,
    "uploader_reader" TEXT,
    "story_id" UUID,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "story_images_pkey" PRIMARY KEY ("file")
);

-- CreateTable
CREATE TABLE "reader_marks" (
    "scope" TEXT NOT NULL,
    "reader_key" TEXT NOT NULL,
    "day" DATE NOT NULL,

    CONSTRAINT "reader_marks_pkey" PRIMARY KEY ("scope","reader_key","day")
);

-- CreateIndex
CREATE INDEX "story_images_story_id_idx" ON "story_images"("story_id");

-- CreateIndex
CREATE INDEX "story_images_created_at_idx" ON "story_images"("created_at");

-- CreateIndex
CREATE INDEX "reader_marks_day_idx" ON "reader_marks"("day");

-- AddForeignKey
ALTER TABLE "story_images" ADD CONSTRAINT "story_images_uploader_id_fkey" FOREIGN KEY ("uploader_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "story_images" ADD CONSTRAINT "story_images_story_id_fkey" FOREIGN KEY ("story_id") REFERENCES "stories"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A story picture's row going (its story deleted, the story no longer using it, or the sweep of
-- pending ones) queues its file for removal from storage.
CREATE OR REPLACE FUNCTION "queue_removed_story_image"() RETURNS trigger AS $$
BEGIN
  INSERT INTO "removed_files" ("storage_key") VALUES ('stories/' || OLD."file") ON CONFLICT DO NOTHING;
  RETURN OLD;
END
$$ LANGUAGE plpgsql;

CREATE TRIGGER "story_images_queue_removed_file"
AFTER DELETE ON "story_images"
FOR EACH ROW EXECUTE FUNCTION "queue_removed_story_image"();

-- Pictures stories already use are theirs (the author's); others uploaded before this
-- migration have no row and are served as before.
INSERT INTO "story_images" ("file", "uploader_id", "story_id")
SELECT DISTINCT ON (m.file) m.file, s."author_id", s."id"
FROM "stories" s
CROSS JOIN LATERAL (
  SELECT (regexp_matches(coalesce(s."cover_url", '') || ' ' || coalesce((SELECT string_agg(c."content"::text, ' ') FROM "story_sections" c WHERE c."story_id" = s."id"), ''),
    '/api/backend/story-image/([0-9a-f-]{36}\.(?:jpg|png|gif|webp))', 'g'))[1] AS file
) m
ORDER BY m.file, s."created_at"
ON CONFLICT DO NOTHING;
