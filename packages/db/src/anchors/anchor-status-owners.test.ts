// Unit (reads the source tree): an anchor batch's status is written only by anchor-transitions.ts
// (and its .sql). Every production file of the apps and packages is scanned for the spellings that
// write `anchors.status`: an UPDATE of anchors setting status, an INSERT INTO anchors (a new batch
// is `claim`), and Prisma's anchor model writes.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { codeOf as code, productionFiles, REPOSITORY_ROOT as ROOT } from "../testing/source-scan";

const TRANSITIONS = [
  "packages/db/src/anchors/anchor-transitions.sql",
  "packages/db/src/anchors/anchor-transitions.ts",
];

const WRITES: RegExp[] = [
  // an UPDATE of anchors whose SET list (up to its FROM or WHERE) assigns status
  /UPDATE anchors\b(?: AS \w+| \w+)? SET\b(?:(?!\b(?:FROM|WHERE)\b)[^;`])*?(?<![.\w])status\s*=/i,
  /INSERT INTO anchors\b/i,
  /\banchor\.(create|createMany|createManyAndReturn|update|updateMany|updateManyAndReturn|upsert)\(/,
];

describe("an anchor batch's status has one writer", () => {
  const files = productionFiles();
  const texts = new Map(files.map((f) => [f, code(readFileSync(join(ROOT, f), "utf8"))]));

  it("scans the files that change anchors", () => {
    expect(files).toEqual(
      expect.arrayContaining([
        ...TRANSITIONS,
        "packages/db/src/anchors/send-anchors.ts",
        "packages/db/src/anchors/track-anchors.ts",
        "packages/db/src/chain-identity/in-flight-nonces.ts",
        "apps/chain-worker/src/sender.ts",
      ]),
    );
  });

  it("no file but anchor-transitions writes anchors.status or makes an anchor", () => {
    const writers = files.filter((f) => WRITES.some((re) => re.test(texts.get(f) ?? "")));
    expect(writers).toEqual(TRANSITIONS.filter((f) => writers.includes(f)));
    // and its statements do write it, every event's
    expect(writers).toEqual(["packages/db/src/anchors/anchor-transitions.sql"]);
    const sql = readFileSync(join(ROOT, TRANSITIONS[0] as string), "utf8");
    const named = [...sql.matchAll(/@name (\w+)/g)].map((m) => m[1]);
    expect(named).toEqual([
      "claimAnchor",
      "claimTreeHeadAnchor",
      "sendAnchors",
      "requeueAnchors",
      "mineAnchor",
      "unmineAnchor",
      "confirmAnchorRow",
      "failAnchorRow",
    ]);
  });

  it("catches the spellings it looks for, and not the writes of other columns", () => {
    const caught = (text: string) => WRITES.some((re) => re.test(code(text)));
    expect(caught("UPDATE anchors AS a SET status = 'queued', nonce = NULL WHERE a.id = $1")).toBe(true);
    expect(caught("UPDATE anchors SET failed_at = now(), status = 'failed' WHERE id = $1")).toBe(true);
    expect(caught("await tx.$executeRaw`UPDATE anchors a SET nonce = 1, status = 'sent'`")).toBe(true);
    expect(caught('tx.anchor.updateMany({ where: { id }, data: { status: "sent" } })')).toBe(true);
    expect(caught("INSERT INTO anchors (id, merkle_root) VALUES ($1, $2)")).toBe(true);
    expect(caught("UPDATE anchors SET sent_at = now() WHERE id = $1 AND status IN ('sent', 'mined')")).toBe(
      false,
    );
    expect(caught("UPDATE anchors AS a SET nonce = v.nonce WHERE a.id = v.id AND a.status = 'sent'")).toBe(
      false,
    );
    expect(caught("-- UPDATE anchors SET status = 'failed'")).toBe(false);
  });
});
