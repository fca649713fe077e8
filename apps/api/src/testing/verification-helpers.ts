// Test-only helpers shared by the verification suites: contexts made through the real API, and the
// request and result shorthands.
import { randomBytes } from "node:crypto";
import { createContextSigner } from "@ctxlog/core";
import { bytesOfHex, hexOf } from "@ctxlog/db";
import type { ChainFixture } from "./chain-fixture";
import { bearer, TEST_ATTESTATION_KEY, type TestHarness } from "./harness";

export const ALL_CHECKS = [
  "canonical_context",
  "hash_matches",
  "signature_valid",
  "merkle_proof",
  "transaction",
  "anchored_log",
  "anchor_submitter",
  "block",
  "confirmations",
];

/** A context anchored by the transparency log's tree head: the log's three after merkle_proof. */
export const TREE_HEAD_CHECKS = [
  ...ALL_CHECKS.slice(0, 4),
  "checkpoint_signature",
  "witness_cosignatures",
  "log_consistency",
  ...ALL_CHECKS.slice(4),
];

export function verificationHelpers(get: () => { h: TestHarness; chain: ChainFixture }) {
  /** A pending context created through POST /v1/contexts. */
  async function create(key: string, extra: Record<string, unknown> = {}, agent = "agent-a") {
    const res = await get()
      .h.request.post("/v1/contexts")
      .set(bearer(key))
      .send({
        agent_id: agent,
        context_data: { n: randomBytes(4).toString("hex") },
        metadata: { m: 1 },
        ...extra,
      });
    if (res.status !== 202) throw new Error(`POST /v1/contexts: ${res.status} ${res.text}`);
    return res.body.context_id as string;
  }

  /**
   * `count` contexts created with `key`, anchored in one batch as the chain worker anchors them
   * (the transparency log's tree head, issue 43) and confirmed on chain.
   */
  async function confirmed(key: string, count: number) {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) ids.push(await create(key));
    const batch = await get().chain.anchorContexts(get().h.db, ids);
    return { ids, batch };
  }

  /**
   * `count` contexts made as contexts logged before logs were chained were (no log entry, an
   * EIP-191 signature over context_hash, never in the transparency log), anchored in one batch by
   * its own sorted-pair tree and confirmed: the anchors of the batch kind, which stay on chain.
   */
  async function unloggedConfirmed(key: string, count: number) {
    const { db } = get().h;
    const signer = createContextSigner(TEST_ATTESTATION_KEY);
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const id = await create(key);
      const row = await db.context.findUniqueOrThrow({ where: { id } });
      const signature = await signer.sign(hexOf(row.contextHash) as `0x${string}`);
      await db.$transaction([
        db.tlogQueued.deleteMany({ where: { id } }),
        db.context.update({
          where: { id },
          data: {
            sequence: null,
            prevEntryHash: null,
            entryHash: null,
            signature: bytesOfHex(signature),
            signatureScheme: "EIP-191",
          },
        }),
      ]);
      ids.push(id);
    }
    const batch = await get().chain.anchorContexts(db, ids);
    return { ids, batch };
  }

  const verify = (key: string, body: unknown) =>
    get()
      .h.request.post("/v1/verifications")
      .set(bearer(key))
      .send(body as object);

  return { create, confirmed, unloggedConfirmed, verify };
}

export const failing = (body: { checks: { name: string; ok: boolean }[] }) =>
  body.checks.filter((c) => !c.ok).map((c) => c.name);

export const reasonOf = (body: { checks: { name: string; reason: string }[] }, name: string) =>
  body.checks.find((c) => c.name === name)?.reason ?? "";
