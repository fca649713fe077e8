// Unit (reads the source tree): a delivery's status is written only by delivery-transitions.ts (and
// its .sql), and its implied state `retrying` is derived only by ctxlog_delivery_state (its
// migration) and its TypeScript twin in the lifecycle module. Every production file of the apps and
// packages is scanned for the spellings that write webhook_deliveries.status, attempts, cycle or
// next_attempt_at (an UPDATE setting them, an INSERT of a delivery, Prisma's delivery writes) or
// that derive `retrying` from a pending row's attempts.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { codeOf as code, productionFiles, REPOSITORY_ROOT as ROOT } from "../testing/source-scan";

const TRANSITIONS = [
  "packages/db/src/webhooks/delivery-transitions.sql",
  "packages/db/src/webhooks/delivery-transitions.ts",
];
const LIFECYCLE = "packages/core/src/webhooks/delivery-lifecycle.ts";

const WRITES: RegExp[] = [
  // an UPDATE of webhook_deliveries whose SET list (up to its FROM or WHERE) assigns a lifecycle column
  /UPDATE webhook_deliveries\b(?: AS \w+| \w+)? SET\b(?:(?!\b(?:FROM|WHERE)\b)[^;`])*?(?<![.\w])(status|attempts|cycle|next_attempt_at)\s*=/i,
  /INSERT INTO webhook_deliveries\b/i,
  /\bwebhookDelivery\.(create|createMany|createManyAndReturn|update|updateMany|updateManyAndReturn|upsert)\(/,
];
const DERIVATIONS: RegExp[] = [
  /\bstatus\s*=\s*'pending'(?:(?!\b(?:OR|THEN)\b)[^;`])*?\battempts\s*(>|<>|!=|>=)/i,
  /\battempts\s*>\s*0\b/,
  /'retrying'/,
];

describe("a delivery's status has one writer and one definition", () => {
  const files = productionFiles();
  const texts = new Map(files.map((f) => [f, code(readFileSync(join(ROOT, f), "utf8"))]));

  it("scans the files that change deliveries", () => {
    expect(files).toEqual(
      expect.arrayContaining([
        ...TRANSITIONS,
        "packages/db/src/webhooks/fan-out-events.ts",
        "packages/db/src/webhooks/record-attempts.ts",
        "packages/db/src/contexts/erase-contexts-data.ts",
        "apps/webhook-worker/src/delivery-processor.ts",
      ]),
    );
  });

  it("no file but delivery-transitions writes a delivery's status, attempts, cycle or due time", () => {
    const writers = files.filter((f) => WRITES.some((re) => re.test(texts.get(f) ?? "")));
    expect(writers).toEqual(["packages/db/src/webhooks/delivery-transitions.sql"]);
    const sql = readFileSync(join(ROOT, TRANSITIONS[0] as string), "utf8");
    expect([...sql.matchAll(/@name (\w+)/g)].map((m) => m[1])).toEqual([
      "createDeliveries",
      "createTestDeliveryRow",
      "recordDeliveryAttempts",
      "abandonDeliveryRows",
      "abandonDeliveriesOfWebhook",
      "retryFailedDelivery",
      "retryRetryingDeliveryNow",
      "recoverDeliveryRows",
    ]);
  });

  it("no file derives retrying but the lifecycle module (ctxlog_delivery_state in SQL)", () => {
    const deriving = files.filter((f) => DERIVATIONS.some((re) => re.test(texts.get(f) ?? "")));
    expect(deriving).toEqual([LIFECYCLE]);
  });

  it("catches the spellings it looks for, and not the writes of other columns", () => {
    const caught = (text: string) => [...WRITES, ...DERIVATIONS].some((re) => re.test(code(text)));
    expect(caught("UPDATE webhook_deliveries SET status = 'failed', error_message = $1 WHERE id = $2")).toBe(
      true,
    );
    expect(
      caught("UPDATE webhook_deliveries d SET attempts = 0, cycle = cycle + 1 FROM x WHERE d.id = x.id"),
    ).toBe(true);
    expect(caught("INSERT INTO webhook_deliveries (id, status) VALUES ($1, 'pending')")).toBe(true);
    expect(caught('tx.webhookDelivery.updateMany({ where: { id }, data: { status: "failed" } })')).toBe(true);
    expect(caught("SELECT count(*) FILTER (WHERE d.status = 'pending' AND d.attempts > 0) FROM x")).toBe(
      true,
    );
    expect(caught("SELECT CASE WHEN status = 'pending' AND attempts >= 1 THEN 'retrying' END")).toBe(true);
    expect(caught("UPDATE webhook_deliveries SET first_response_body = NULL WHERE status = 'failed'")).toBe(
      false,
    );
    expect(
      caught("SELECT id FROM webhook_deliveries WHERE status = 'pending' AND next_attempt_at <= now()"),
    ).toBe(false);
    expect(caught("-- UPDATE webhook_deliveries SET status = 'failed'")).toBe(false);
  });
});
