-- CreateTable
CREATE TABLE "admin_audit_entries" (
    "id" UUID NOT NULL,
    "actor_id" UUID NOT NULL,
    "actor_email" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "target_type" TEXT NOT NULL,
    "target_id" TEXT,
    "summary" TEXT,
    "before" JSONB,
    "after" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "admin_audit_entries_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "admin_audit_entries_created_at_id_idx" ON "admin_audit_entries"("created_at" DESC, "id");

-- CreateIndex
CREATE INDEX "admin_audit_entries_target_type_created_at_idx" ON "admin_audit_entries"("target_type", "created_at" DESC);

-- CreateIndex
CREATE INDEX "admin_audit_entries_action_created_at_idx" ON "admin_audit_entries"("action", "created_at" DESC);

-- CreateIndex
CREATE INDEX "admin_audit_entries_actor_id_created_at_idx" ON "admin_audit_entries"("actor_id", "created_at" DESC);

-- The log is append-only: no role the application uses may rewrite or erase what an administrator did.
CREATE FUNCTION admin_audit_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'admin audit entries cannot be changed or removed';
END;
$$;

CREATE TRIGGER admin_audit_entries_append_only
  BEFORE UPDATE OR DELETE ON "admin_audit_entries"
  FOR EACH ROW EXECUTE FUNCTION admin_audit_entries_append_only();
