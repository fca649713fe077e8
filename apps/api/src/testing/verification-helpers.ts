// Test-only helpers shared by the verification suites: contexts made through the real API, and the
// request and result shorthands.
import { randomBytes } from "node:crypto";
import type { ChainFixture } from "./chain-fixture";
import { bearer, type TestHarness } from "./harness";

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

  /** `count` contexts created with `key`, anchored in one batch and confirmed on chain. */
  async function confirmed(key: string, count: number) {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) ids.push(await create(key));
    const batch = await get().chain.anchorContexts(get().h.db, ids);
    return { ids, batch };
  }

  const verify = (key: string, body: unknown) =>
    get()
      .h.request.post("/v1/verifications")
      .set(bearer(key))
      .send(body as object);

  return { create, confirmed, verify };
}

export const failing = (body: { checks: { name: string; ok: boolean }[] }) =>
  body.checks.filter((c) => !c.ok).map((c) => c.name);

export const reasonOf = (body: { checks: { name: string; reason: string }[] }, name: string) =>
  body.checks.find((c) => c.name === name)?.reason ?? "";
