// Integration: real PostgreSQL (fresh database).
import { bytesOfHex } from "../hex-columns";
import { createTestDatabase, type TestDatabase } from "../testing";
import { currentAnchorKey } from "./current-anchor-key";
import { foldAnchorSigners } from "./fold-signers";
import { allSigners, listSigners } from "./list-signers";
import { registerSigner, retireStaleSigners } from "./register-signer";

const A = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const B = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
const HOUR = 60 * 60 * 1000;
const t = (iso: string) => new Date(iso);

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase("ctxlog_signers_test");
});
afterAll(() => database.drop());

describe("signers", () => {
  it("registering opens a period, keeps the earliest start and the latest sighting", async () => {
    const db = database.db;
    await registerSigner(db, B, { startedAt: t("2025-03-01T00:00:00Z"), now: t("2025-03-01T00:00:01Z") });
    await registerSigner(db, B, { startedAt: t("2025-04-01T00:00:00Z"), now: t("2025-04-01T00:00:01Z") });
    expect(
      await db.signer.findUniqueOrThrow({ where: { address_kind: { address: B, kind: "attestation" } } }),
    ).toMatchObject({
      validFrom: t("2025-03-01T00:00:00Z"),
      lastSeenAt: t("2025-04-01T00:00:01Z"),
      validUntil: null,
    });
  });

  it("each key has its own period", async () => {
    const db = database.db;
    await registerSigner(db, A, { startedAt: t("2025-02-01T00:00:00Z"), now: t("2025-02-01T00:00:00Z") });
    const a = await db.signer.findUniqueOrThrow({
      where: { address_kind: { address: A, kind: "attestation" } },
    });
    expect(a.validFrom).toEqual(t("2025-02-01T00:00:00Z"));
    expect(await db.signer.count()).toBe(2);
  });

  it("retires signers unseen for two heartbeats (ending one heartbeat after their last sighting), never the current one", async () => {
    const db = database.db;
    const now = t("2025-04-01T03:00:00Z");
    // B was last seen at 2025-04-01T00:00:01Z: 3 h ago ≥ 2 heartbeats. A is current.
    expect(await retireStaleSigners(db, { current: A, now, heartbeatMs: HOUR })).toBe(1);
    const b = await db.signer.findUniqueOrThrow({
      where: { address_kind: { address: B, kind: "attestation" } },
    });
    expect(b.validUntil).toEqual(t("2025-04-01T01:00:01Z"));
    expect(
      (await db.signer.findUniqueOrThrow({ where: { address_kind: { address: A, kind: "attestation" } } }))
        .validUntil,
    ).toBeNull();
    // a retired key brought back into use is open again
    await registerSigner(db, B, { startedAt: now, now });
    expect(
      (await db.signer.findUniqueOrThrow({ where: { address_kind: { address: B, kind: "attestation" } } }))
        .validUntil,
    ).toBeNull();
  });

  it("lists newest period first, in pages", async () => {
    const db = database.db;
    const all = await allSigners(db);
    expect(all.map((s) => s.address)).toEqual([B, A]);
    const first = await listSigners(db, { limit: 1 });
    expect(first.rows.map((s) => s.address)).toEqual([B]);
    const second = await listSigners(db, { limit: 1, after: first.next ?? undefined });
    expect(second.rows.map((s) => s.address)).toEqual([A]);
    expect(second.next).toBeNull();
  });

  it("folding anchors publishes each anchor key for the span of its anchors; only the last one used stays open", async () => {
    const db = database.db;
    const anchor = (signerAddress: string, createdAt: string) => ({
      id: `anc_${signerAddress.slice(2, 8)}_${createdAt.slice(0, 10)}`,
      signerAddress,
      chainId: 31337,
      network: "anvil",
      registryAddress: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
      merkleRoot: bytesOfHex(`0x${"ab".repeat(32)}`),
      contextCount: 1,
      createdAt: t(createdAt),
    });
    await db.anchor.createMany({
      data: [
        anchor(A, "2025-05-01T00:00:00Z"),
        anchor(A, "2025-05-02T00:00:00Z"),
        anchor(B, "2025-05-03T00:00:00Z"),
      ],
    });
    expect(await currentAnchorKey(db)).toBeNull(); // attestation keys only so far
    expect(await foldAnchorSigners(db, B)).toBe(1);
    expect(await foldAnchorSigners(db)).toBe(2);
    const anchorKey = (address: string) =>
      db.signer.findUniqueOrThrow({ where: { address_kind: { address, kind: "anchor" } } });
    expect(await anchorKey(A)).toMatchObject({
      validFrom: t("2025-05-01T00:00:00Z"),
      lastSeenAt: t("2025-05-02T00:00:00Z"),
      validUntil: t("2025-05-02T00:00:00Z"),
    });
    expect(await anchorKey(B)).toMatchObject({ validFrom: t("2025-05-03T00:00:00Z"), validUntil: null });
    expect(await currentAnchorKey(db)).toBe(B);
    // the attestation periods of the same addresses are another kind's, untouched
    expect(await db.signer.count({ where: { kind: "attestation" } })).toBe(2);
  });

  it("pages one signer at a time through periods that start together, by address and then kind", async () => {
    const db = database.db;
    const C = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";
    const D = "0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65";
    const at = { startedAt: t("2026-01-01T00:00:00Z"), now: t("2026-01-01T00:00:00Z") };
    await registerSigner(db, C, { ...at, kind: "anchor" });
    await registerSigner(db, C, at);
    await registerSigner(db, D, at);
    const walked: string[] = [];
    let page = await listSigners(db, { limit: 1 });
    for (;;) {
      walked.push(...page.rows.map((s) => `${s.address} ${s.kind}`));
      if (!page.next) break;
      page = await listSigners(db, { limit: 1, after: page.next });
    }
    expect(walked).toEqual([
      `${D} attestation`,
      `${C} anchor`,
      `${C} attestation`,
      `${B} anchor`,
      `${A} anchor`,
      `${B} attestation`,
      `${A} attestation`,
    ]);
  });
});
