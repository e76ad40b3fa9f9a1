-- CreateEnum
CREATE TYPE "poll_kind" AS ENUM ('choice', 'dates');

-- CreateEnum
CREATE TYPE "poll_answer_value" AS ENUM ('yes', 'maybe', 'no');

-- CreateTable
CREATE TABLE "trip_ideas" (
    "id" UUID NOT NULL,
    "trip_id" UUID NOT NULL,
    "title" TEXT NOT NULL,
    "url" TEXT,
    "notes" TEXT,
    "location" TEXT,
    "latitude" DOUBLE PRECISION,
    "longitude" DOUBLE PRECISION,
    "estimated_cost_cents" INTEGER,
    "created_by_id" UUID,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "trip_ideas_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "idea_votes" (
    "idea_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "idea_votes_pkey" PRIMARY KEY ("idea_id","user_id")
);

-- CreateTable
CREATE TABLE "idea_comments" (
    "id" UUID NOT NULL,
    "idea_id" UUID NOT NULL,
    "user_id" UUID,
    "body" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "idea_comments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "trip_polls" (
    "id" UUID NOT NULL,
    "trip_id" UUID NOT NULL,
    "question" TEXT NOT NULL,
    "kind" "poll_kind" NOT NULL,
    "multiple" BOOLEAN NOT NULL DEFAULT false,
    "closes_at" TIMESTAMP(3),
    "closed_at" TIMESTAMP(3),
    "created_by_id" UUID,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "trip_polls_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "poll_options" (
    "id" UUID NOT NULL,
    "poll_id" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "label" TEXT NOT NULL,
    "start_date" DATE,
    "end_date" DATE,
    "idea_id" UUID,

    CONSTRAINT "poll_options_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "poll_answers" (
    "option_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "poll_id" UUID NOT NULL,
    "answer" "poll_answer_value" NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "poll_answers_pkey" PRIMARY KEY ("option_id","user_id")
);

-- CreateIndex
CREATE INDEX "trip_ideas_trip_id_created_at_id_idx" ON "trip_ideas"("trip_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "trip_ideas_created_by_id_idx" ON "trip_ideas"("created_by_id");

-- CreateIndex
CREATE INDEX "idea_votes_user_id_idx" ON "idea_votes"("user_id");

-- CreateIndex
CREATE INDEX "idea_comments_idea_id_created_at_idx" ON "idea_comments"("idea_id", "created_at");

-- CreateIndex
CREATE INDEX "idea_comments_user_id_idx" ON "idea_comments"("user_id");

-- CreateIndex
CREATE INDEX "trip_polls_trip_id_created_at_id_idx" ON "trip_polls"("trip_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "trip_polls_created_by_id_idx" ON "trip_polls"("created_by_id");

-- CreateIndex
CREATE INDEX "poll_options_poll_id_position_idx" ON "poll_options"("poll_id", "position");

-- CreateIndex
CREATE INDEX "poll_options_idea_id_idx" ON "poll_options"("idea_id");

-- CreateIndex
CREATE INDEX "poll_answers_poll_id_user_id_idx" ON "poll_answers"("poll_id", "user_id");

-- CreateIndex
CREATE INDEX "poll_answers_user_id_idx" ON "poll_answers"("user_id");

-- AddForeignKey
ALTER TABLE "trip_ideas" ADD CONSTRAINT "trip_ideas_trip_id_fkey" FOREIGN KEY ("trip_id") REFERENCES "trips"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "trip_ideas" ADD CONSTRAINT "trip_ideas_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "idea_votes" ADD CONSTRAINT "idea_votes_idea_id_fkey" FOREIGN KEY ("idea_id") REFERENCES "trip_ideas"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "idea_votes" ADD CONSTRAINT "idea_votes_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "idea_comments" ADD CONSTRAINT "idea_comments_idea_id_fkey" FOREIGN KEY ("idea_id") REFERENCES "trip_ideas"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "idea_comments" ADD CONSTRAINT "idea_comments_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "trip_polls" ADD CONSTRAINT "trip_polls_trip_id_fkey" FOREIGN KEY ("trip_id") REFERENCES "trips"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "trip_polls" ADD CONSTRAINT "trip_polls_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "poll_options" ADD CONSTRAINT "poll_options_poll_id_fkey" FOREIGN KEY ("poll_id") REFERENCES "trip_polls"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "poll_options" ADD CONSTRAINT "poll_options_idea_id_fkey" FOREIGN KEY ("idea_id") REFERENCES "trip_ideas"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "poll_answers" ADD CONSTRAINT "poll_answers_option_id_fkey" FOREIGN KEY ("option_id") REFERENCES "poll_options"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "poll_answers" ADD CONSTRAINT "poll_answers_poll_id_fkey" FOREIGN KEY ("poll_id") REFERENCES "trip_polls"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "poll_answers" ADD CONSTRAINT "poll_answers_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
