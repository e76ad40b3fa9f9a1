-- CreateTable
CREATE TABLE "reader_marks" (
    "scope" TEXT NOT NULL,
    "reader_key" TEXT NOT NULL,
    "day" DATE NOT NULL,

    CONSTRAINT "reader_marks_pkey" PRIMARY KEY ("scope","reader_key","day")
);

-- CreateIndex
CREATE INDEX "reader_marks_day_idx" ON "reader_marks"("day");
