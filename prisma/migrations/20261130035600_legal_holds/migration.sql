-- AlterTable
ALTER TABLE "contexts" ADD COLUMN     "data_erasure_overrode_retention" BOOLEAN,
ADD COLUMN     "data_erasure_reason" TEXT;

-- CreateTable
CREATE TABLE "legal_holds" (
    "id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "agent_id" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "placed_at" TIMESTAMPTZ(3) NOT NULL,
    "placed_by" TEXT NOT NULL,
    "released_at" TIMESTAMPTZ(3),
    "released_by" TEXT,

    CONSTRAINT "legal_holds_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "legal_holds_user_id_agent_id_id_idx" ON "legal_holds"("user_id", "agent_id", "id");

-- AddForeignKey
ALTER TABLE "legal_holds" ADD CONSTRAINT "legal_holds_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Whether a legal hold is in force (it refuses erasure of its agent's data): the one definition,
-- which every statement that looks for holds calls (packages/db/src/holds/, contexts/erase-*.sql).
-- A plain SQL expression, IMMUTABLE: the planner inlines it.
CREATE FUNCTION ctxlog_hold_active(released_at timestamptz) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT released_at IS NULL $$;

-- context.erased now says the erasure's reason (`reason`, null when none). Its events are stored
-- as their serialized envelope (@ctxlog/core storedPayload), data last and `reason` last in data:
-- the ones stored before get `"reason":null`, so no reader meets the older form (DESIGN.md 8).
UPDATE "outbox_events"
   SET "payload" = left("payload", -2) || ',"reason":null}}'
 WHERE "event" = 'context.erased' AND right("payload", 2) = '}}' AND "payload" NOT LIKE '%"reason":%';
UPDATE "outbox_events"
   SET "payload" = left("payload", -14) || ',"reason":null},"test":true}'
 WHERE "event" = 'context.erased' AND right("payload", 14) = '},"test":true}' AND "payload" NOT LIKE '%"reason":%';
