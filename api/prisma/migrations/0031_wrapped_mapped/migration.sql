-- CreateTable
CREATE TABLE "wrapped_shares" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "year" INTEGER NOT NULL,
    "token" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "wrapped_shares_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "visited_countries" (
    "user_id" UUID NOT NULL,
    "code" VARCHAR(2) NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "visited_countries_pkey" PRIMARY KEY ("user_id","code")
);

-- CreateIndex
CREATE UNIQUE INDEX "wrapped_shares_token_key" ON "wrapped_shares"("token");

-- CreateIndex
CREATE UNIQUE INDEX "wrapped_shares_user_id_year_key" ON "wrapped_shares"("user_id", "year");

-- AddForeignKey
ALTER TABLE "wrapped_shares" ADD CONSTRAINT "wrapped_shares_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "visited_countries" ADD CONSTRAINT "visited_countries_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
