-- DropForeignKey
ALTER TABLE "expense_splits" DROP CONSTRAINT "expense_splits_user_id_fkey";

-- DropForeignKey
ALTER TABLE "expenses" DROP CONSTRAINT "expenses_paid_by_id_fkey";

-- DropForeignKey
ALTER TABLE "settlements" DROP CONSTRAINT "settlements_from_user_id_fkey";

-- DropForeignKey
ALTER TABLE "settlements" DROP CONSTRAINT "settlements_to_user_id_fkey";

-- DropForeignKey
ALTER TABLE "trip_budgets" DROP CONSTRAINT "trip_budgets_trip_id_fkey";

-- AlterTable
ALTER TABLE "expenses" ADD COLUMN     "base_amount_cents" INTEGER,
ADD COLUMN     "exchange_rate" DECIMAL(20,10),
ALTER COLUMN "paid_by_id" SET NOT NULL;

-- AlterTable
ALTER TABLE "users" ADD COLUMN     "deleted_at" TIMESTAMP(3);

-- DropTable
DROP TABLE "trip_budgets";

-- CreateTable
CREATE TABLE "removed_files" (
    "storage_key" TEXT NOT NULL,
    "removed_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "removed_files_pkey" PRIMARY KEY ("storage_key")
);

-- AddForeignKey
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_paid_by_id_fkey" FOREIGN KEY ("paid_by_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "expense_splits" ADD CONSTRAINT "expense_splits_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_from_user_id_fkey" FOREIGN KEY ("from_user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_to_user_id_fkey" FOREIGN KEY ("to_user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- What must never be stored, whichever code path writes it: amounts that are not positive,
-- periods that end before they start, currencies that are not ISO 4217 codes.
ALTER TABLE "trips" ADD CONSTRAINT "trips_dates_in_order" CHECK ("end_date" IS NULL OR "start_date" IS NULL OR "end_date" >= "start_date");
ALTER TABLE "trips" ADD CONSTRAINT "trips_budget_positive" CHECK ("budget_cents" IS NULL OR "budget_cents" > 0);
ALTER TABLE "trips" ADD CONSTRAINT "trips_currency_code" CHECK ("currency" ~ '^[A-Z]{3}$');
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_amount_positive" CHECK ("amount_cents" > 0);
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_currency_code" CHECK ("currency" ~ '^[A-Z]{3}$');
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_rate_positive" CHECK ("exchange_rate" IS NULL OR "exchange_rate" > 0);
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_base_amount_positive" CHECK ("base_amount_cents" IS NULL OR "base_amount_cents" > 0);
ALTER TABLE "expense_splits" ADD CONSTRAINT "expense_splits_amount_not_negative" CHECK ("amount_cents" >= 0);
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_amount_positive" CHECK ("amount_cents" > 0);
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_currency_code" CHECK ("currency" ~ '^[A-Z]{3}$');
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_between_two_people" CHECK ("from_user_id" <> "to_user_id");
ALTER TABLE "itinerary_items" ADD CONSTRAINT "itinerary_items_stay_in_order" CHECK ("check_out_date" IS NULL OR "check_in_date" IS NULL OR "check_out_date" >= "check_in_date");
ALTER TABLE "photos" ADD CONSTRAINT "photos_file_size_positive" CHECK ("file_size" > 0);

-- A photo's file is queued for removal with its row, however the row goes.
CREATE FUNCTION "queue_removed_photo_file"() RETURNS trigger AS $$
BEGIN
  INSERT INTO "removed_files" ("storage_key") VALUES (OLD."storage_key") ON CONFLICT DO NOTHING;
  RETURN OLD;
END
$$ LANGUAGE plpgsql;
CREATE TRIGGER "photos_queue_removed_file" AFTER DELETE ON "photos" FOR EACH ROW EXECUTE FUNCTION "queue_removed_photo_file"();
