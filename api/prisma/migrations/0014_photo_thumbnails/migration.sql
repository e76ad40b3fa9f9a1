-- A photo is stored as two files: its display copy (storage_key, ending in .webp) and its
-- thumbnail beside it (.thumb.webp). Both are queued for removal with the row, however it goes.
CREATE OR REPLACE FUNCTION "queue_removed_photo_file"() RETURNS trigger AS $$
BEGIN
  INSERT INTO "removed_files" ("storage_key")
  VALUES (OLD."storage_key"), (regexp_replace(OLD."storage_key", '\.webp$', '.thumb.webp'))
  ON CONFLICT DO NOTHING;
  RETURN OLD;
END
$$ LANGUAGE plpgsql;

