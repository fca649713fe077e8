// Integration: the evidence pack vectors' generator, run whole on a fresh anvil into a scratch
// directory (never over test-vectors/evidence). It builds real packs from real blocks, checks every
// tampered pack fails the check cases.json names, and checks the packs' blocks with --rpc-url's
// code against the live node: canonical, then not once a reorg took the anchors away.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { readPackZip, verifyPack } from "@ctxlog/sdk";
import { writeEvidenceVectors } from "../../../test-vectors/evidence/generate-evidence";

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "ctxlog-evidence-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it("builds packs on a live chain that verify, fail where tampered, and are caught after a reorg", async () => {
  const written = await writeEvidenceVectors(dir);
  expect(written).toEqual(expect.arrayContaining(["valid.zip", "erased.zip", "cases.json"]));
  expect(readdirSync(path.join(dir, "tampered")).length).toBeGreaterThanOrEqual(20);
  const valid = await verifyPack(readPackZip(readFileSync(path.join(dir, "valid.zip"))));
  expect(valid.verdict).toBe("verified");
  const erased = await verifyPack(readPackZip(readFileSync(path.join(dir, "erased.zip"))));
  expect(erased.verdict).toBe("verified_data_unavailable");
}, 180_000);
