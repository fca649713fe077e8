// Unit (reads the source tree): a context's status is written only by context-transitions.ts (and
// its .sql) and derived only by ctxlog_context_status (its migration). Every production file of the
// apps and packages is scanned for the spellings that write what the status is read from
// (failed_at, pending_contexts, confirmed_contexts, a status column of contexts) or that derive a
// status from them (failed_at tested for NULL, a CASE over them, a status literal put on a row).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { codeOf as code, productionFiles, REPOSITORY_ROOT as ROOT } from "../testing/source-scan";

const TRANSITIONS = [
  "packages/db/src/contexts/context-transitions.ts",
  "packages/db/src/contexts/context-transitions.sql",
];

const WRITES: RegExp[] = [
  /INSERT INTO (pending_contexts|confirmed_contexts)\b/i,
  /DELETE FROM (pending_contexts|confirmed_contexts)\b/i,
  /UPDATE contexts\b[^;`]*?\bSET\b[^;`]*?\b(failed_at|status)\s*=/i,
  /\b(pendingContext|confirmedContext)\.(create|createMany|update|updateMany|upsert|delete|deleteMany)\b/,
  /\bcontext\.(create|createMany|update|updateMany|upsert)\([^;]*?\b(failedAt|status):/,
];
const DERIVATIONS: RegExp[] = [
  /\bfailed_at IS (NOT )?NULL\b/i,
  /\bCASE WHEN (?:(?!\bEND\b)[^;`])*?\b(failed_at|pending_contexts|confirmed_contexts)\b/i,
  /EXISTS \(SELECT 1 FROM pending_contexts\b/i,
  /\bc\.status\b/,
  /\bfailedAt:\s*\{\s*not:/,
];
// In packages/db, a status literal put on a row is a resolver of its own (the status comes from
// ctxlog_context_status, or from the lifecycle's table: contextTransition). Elsewhere such literals
// are the events' contents (context.created says pending) and the SDK's types.
const DB_DERIVATIONS: RegExp[] = [/\bstatus:\s*"(pending|confirmed|failed)"\s*[,}]/];
// Readers of the chain worker's queue as a queue (its oldest rows, the unbatched ones): the rows
// `receive` and `retry` write, read in order, not as a status.
const QUEUE_READERS = [
  "packages/db/src/anchors/create-anchor-batch.sql",
  "packages/db/src/anchors/list-unbatched-contexts.sql",
  "packages/db/src/ops/read-backlog-ages.sql",
];
// Not a context's status: the same spellings on other aggregates' rows, which their owners state.
const OTHER_AGGREGATES =
  /^packages\/db\/src\/(webhooks|accounts|api-keys|sessions|events)\/|^apps\/(webhook-worker|dashboard)\//;

describe("a context's status has one writer and one definition", () => {
  const files = productionFiles().filter((f) => !OTHER_AGGREGATES.test(f));
  const texts = new Map(files.map((f) => [f, code(readFileSync(join(ROOT, f), "utf8"))]));

  it("scans the files that read contexts", () => {
    expect(files).toEqual(
      expect.arrayContaining([...TRANSITIONS, "packages/db/src/overview/read-overview.ts"]),
    );
  });

  it("no file but context-transitions writes failed_at, the queue, confirmed_contexts or a status", () => {
    const writers = files.filter((f) => WRITES.some((re) => re.test(texts.get(f) ?? "")));
    expect(writers).toEqual([...TRANSITIONS].sort().filter((f) => writers.includes(f)));
    // and it does write them
    expect(TRANSITIONS.some((f) => /INSERT INTO confirmed_contexts/.test(texts.get(f) ?? ""))).toBe(true);
  });

  it("no file derives a status but through ctxlog_context_status", () => {
    const deriving = files.filter(
      (f) =>
        !TRANSITIONS.includes(f) &&
        [...DERIVATIONS, ...(f.startsWith("packages/db/") ? DB_DERIVATIONS : [])].some((re) =>
          re.test(texts.get(f) ?? ""),
        ),
    );
    expect(deriving).toEqual([]);
    const queueReaders = files.filter((f) =>
      /\bFROM pending_contexts\b|\bJOIN pending_contexts\b/i.test(texts.get(f) ?? ""),
    );
    expect(queueReaders.filter((f) => !TRANSITIONS.includes(f))).toEqual(QUEUE_READERS);
  });

  it("catches the spellings it looks for", () => {
    const caught = (text: string) =>
      [...WRITES, ...DERIVATIONS, ...DB_DERIVATIONS].some((re) => re.test(code(text)));
    expect(caught("SELECT CASE WHEN c.failed_at IS NOT NULL THEN 'failed' END")).toBe(true);
    expect(
      caught("count(*) FILTER (WHERE EXISTS (SELECT 1 FROM pending_contexts q WHERE q.id = c.id))"),
    ).toBe(true);
    expect(caught("UPDATE contexts AS c SET anchor_id = $1, failed_at = now()")).toBe(true);
    expect(caught("WHERE m.id IS NOT NULL OR c.status = 'confirmed'")).toBe(true);
    expect(caught('return { ...r, status: "confirmed" }')).toBe(true);
    expect(caught("-- a comment naming failed_at IS NOT NULL")).toBe(false);
    expect(
      caught("CASE WHEN c.merkle_proof IS NULL THEN 1 END FROM contexts AS c WHERE c.failed_at > now()"),
    ).toBe(false);
  });
});
