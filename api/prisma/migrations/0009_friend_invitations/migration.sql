-- CreateTable
CREATE TABLE "friend_invitations" (
    "id" UUID NOT NULL,
    "from_user_id" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "message" TEXT,
    "accepted_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "friend_invitations_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "friend_invitations_email_idx" ON "friend_invitations"("email");

-- CreateIndex
CREATE UNIQUE INDEX "friend_invitations_from_user_id_email_key" ON "friend_invitations"("from_user_id", "email");

-- AddForeignKey
ALTER TABLE "friend_invitations" ADD CONSTRAINT "friend_invitations_from_user_id_fkey" FOREIGN KEY ("from_user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
