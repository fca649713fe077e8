// Integration: real PostgreSQL (fresh database).
import { createTestDatabase, seedContexts, seedUser, type TestDatabase } from "../testing";
import { foldAnchorSigners, foldContextSigners } from "./fold-signers";
import { allSigners, listSigners } from "./list-signers";
import { registerSigner, retireStaleSigners } from "./register-signer";

const KEY_A = "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d";
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

  it("folding publishes signers found on contexts and widens a period to cover them", async () => {
    const db = database.db;
    const owner = await seedUser(db);
    const [id] = await seedContexts(db, owner, { count: 1, signerPrivateKey: KEY_A });
    await db.context.update({ where: { id }, data: { createdAt: t("2025-01-15T00:00:00Z") } });
    await registerSigner(db, A, { startedAt: t("2025-02-01T00:00:00Z"), now: t("2025-02-01T00:00:00Z") });
    expect(await foldContextSigners(db, B)).toBe(0); // no context carries B
    await foldContextSigners(db);
    await foldContextSigners(db); // idempotent
    const a = await db.signer.findUniqueOrThrow({
      where: { address_kind: { address: A, kind: "attestation" } },
    });
    expect(a.validFrom).toEqual(t("2025-01-15T00:00:00Z"));
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
      merkleRoot: `0x${"ab".repeat(32)}`,
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
    // the attestation periods of the same addresses are another kind's, untouched
    expect(await db.signer.count({ where: { kind: "attestation" } })).toBe(2);
  });
});
