// Unit (reads the source tree): an endpoint's (a webhook's) state is written only by
// endpoint-transitions.ts (and its .sql), and `disabled` is derived in SQL only by
// ctxlog_endpoint_state (its migration). Every production file of the apps and packages is scanned
// for the spellings that write webhooks.status, failing_since, disabled_at, disabled_reason or
// deleted_at (an UPDATE setting them, an INSERT of a webhook, Prisma's webhook writes) or that
// derive `disabled` from disabled_at in SQL. (`deleted_at IS NULL`, a live-rows filter of every
// webhook read, is not a state's derivation and is not looked for.)
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { codeOf as code, productionFiles, REPOSITORY_ROOT as ROOT } from "../testing/source-scan";

const TRANSITIONS = [
  "packages/db/src/webhooks/endpoint-transitions.sql",
  "packages/db/src/webhooks/endpoint-transitions.ts",
];

const COLUMNS = "status|failing_since|disabled_at|disabled_reason|deleted_at";
const WRITES: RegExp[] = [
  // an UPDATE of webhooks whose SET list (up to its FROM or WHERE) assigns a lifecycle column
  new RegExp(
    `UPDATE webhooks\\b(?: AS \\w+| \\w+)? SET\\b(?:(?!\\b(?:FROM|WHERE)\\b)[^;\`])*?(?<![.\\w])(${COLUMNS})\\s*=`,
    "i",
  ),
  /INSERT INTO webhooks\b/i,
  /\bwebhook\.(create|createMany|createManyAndReturn|upsert)\(/,
  /\bwebhook\.(update|updateMany|updateManyAndReturn)\([^;]*?\bdata:\s*\{[^}]*\b(status|failingSince|disabledAt|disabledReason|deletedAt)\s*:/,
];
const DERIVATIONS: RegExp[] = [
  /\b(\w+\.)?disabled_at IS (NOT )?NULL\b/i,
  /\bCASE WHEN (?:(?!\bEND\b)[^;`])*?\bdisabled_at\b/i,
];
// Not an endpoint: accounts and sessions have a disabled_at of their own, which their owners state.
const OTHER_AGGREGATES =
  /^packages\/db\/src\/(accounts|sessions)\/|^apps\/(api\/src\/routes\/(auth|accounts)|cli)\//;

describe("an endpoint's state has one writer and one definition", () => {
  const files = productionFiles().filter((f) => !OTHER_AGGREGATES.test(f));
  const texts = new Map(files.map((f) => [f, code(readFileSync(join(ROOT, f), "utf8"))]));

  it("scans the files that change webhooks", () => {
    expect(files).toEqual(
      expect.arrayContaining([
        ...TRANSITIONS,
        "packages/db/src/webhooks/update-webhook.ts",
        "packages/db/src/webhooks/rotate-webhook-secret.ts",
        "packages/db/src/overview/read-overview.ts",
        "apps/webhook-worker/src/delivery-store.ts",
      ]),
    );
  });

  it("no file but endpoint-transitions writes an endpoint's health, disabled or deleted columns", () => {
    const writers = files.filter((f) => WRITES.some((re) => re.test(texts.get(f) ?? "")));
    expect(writers).toEqual(["packages/db/src/webhooks/endpoint-transitions.sql"]);
    const sql = readFileSync(join(ROOT, TRANSITIONS[0] as string), "utf8");
    expect([...sql.matchAll(/@name (\w+)/g)].map((m) => m[1])).toEqual([
      "createEndpoint",
      "recordEndpointHealth",
      "disableEndpoint",
      "enableEndpoint",
      "deleteEndpoint",
      // the condition of disableEndpoint/deleteEndpoint, read before their transaction
      "endpointAllows",
    ]);
  });

  it("no file derives disabled in SQL but through ctxlog_endpoint_state", () => {
    const deriving = files.filter((f) => DERIVATIONS.some((re) => re.test(texts.get(f) ?? "")));
    expect(deriving).toEqual([]);
  });

  it("catches the spellings it looks for, and not the writes of other columns", () => {
    const caught = (text: string) => [...WRITES, ...DERIVATIONS].some((re) => re.test(code(text)));
    expect(caught("UPDATE webhooks w SET status = 'failing', failing_since = now() WHERE w.id = $1")).toBe(
      true,
    );
    expect(caught("UPDATE webhooks SET disabled_at = now(), disabled_reason = $1 WHERE id = $2")).toBe(true);
    expect(caught("INSERT INTO webhooks (id, url) VALUES ($1, $2)")).toBe(true);
    expect(caught("tx.webhook.updateMany({ where: { id }, data: { deletedAt: now, updatedAt: now } })")).toBe(
      true,
    );
    expect(caught("SELECT w.disabled_at IS NOT NULL AS disabled FROM webhooks w")).toBe(true);
    expect(caught("SELECT CASE WHEN disabled_at IS NULL THEN status::text END FROM webhooks")).toBe(true);
    expect(caught("UPDATE webhooks SET secret = $1 WHERE id = $2 AND deleted_at IS NULL")).toBe(false);
    expect(
      caught("db.webhook.updateMany({ where: { id, deletedAt: null }, data: { ...patch, updatedAt } })"),
    ).toBe(false);
    expect(caught("-- UPDATE webhooks SET status = 'active'")).toBe(false);
  });
});
