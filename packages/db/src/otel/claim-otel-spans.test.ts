// Integration: real PostgreSQL (a fresh database for this file).

import { newId } from "@ctxlog/core";
import { bytesOfHex } from "../hex-columns";
import { createApiKey } from "../index";
import { createTestDatabase, type TestDatabase } from "../testing";
import { claimOtelSpans, findOtelSpans, releaseOtelSpans, traceContextIds } from "./claim-otel-spans";

let t: TestDatabase;
let userId: string;
let apiKeyId: string;
beforeAll(async () => {
  t = await createTestDatabase("ctxlog_test_otel_spans");
  const { record } = await createApiKey(t.db, { userId: "usr-otel", type: "full" });
  ({ userId, id: apiKeyId } = record);
});
afterAll(() => t.drop());

const TRACE = "5b8efff798038103d269b633813fc60c";
const claim = (spanId: string, contextId = newId("ctx"), user = userId) =>
  claimOtelSpans(t.db, user, [{ traceId: TRACE, spanId, contextId }]).then((won) => ({ won, contextId }));

async function writeContext(id: string) {
  await t.db.context.create({
    data: {
      id,
      userId,
      apiKeyId,
      agentId: "agent-otel",
      contextHash: bytesOfHex(`0x${"ab".repeat(32)}`),
      signature: bytesOfHex(`0x${"cd".repeat(65)}`),
      signerAddress: `0x${"12".repeat(20)}`,
      network: "anvil",
      estimatedConfirmation: new Date(),
    },
  });
}

describe("otel_spans claims", () => {
  it("lets one claim win per (user, trace, span); another user's span is its own", async () => {
    const first = await claim("a000000000000001");
    const second = await claim("a000000000000001");
    expect(first.won).toEqual(new Set([first.contextId]));
    expect(second.won).toEqual(new Set());
    const elsewhere = await claim("a000000000000001", newId("ctx"), "usr-other");
    expect(elsewhere.won).toEqual(new Set([elsewhere.contextId]));
    const found = await findOtelSpans(t.db, userId, [
      { traceId: TRACE, spanId: "a000000000000001" },
      { traceId: TRACE, spanId: "a000000000000009" },
    ]);
    expect(found).toEqual(new Map([[`${TRACE}/a000000000000001`, first.contextId]]));
    expect(await traceContextIds(t.db, userId, TRACE)).toEqual([first.contextId]);
  });

  it("frees a released claim, and takes over an abandoned one only when its context was never written", async () => {
    const released = await claim("b000000000000001");
    await releaseOtelSpans(t.db, [released.contextId]);
    expect((await claim("b000000000000001")).won.size).toBe(1);

    await claim("b000000000000002"); // its context is never written
    const written = await claim("b000000000000003");
    await writeContext(written.contextId);
    // both claims are now older than ABANDONED_CLAIM_SECONDS
    await t.db.$executeRaw`UPDATE otel_spans SET claimed_at = now() - interval '1 hour'`;
    const retaken = await claim("b000000000000002");
    expect(retaken.won).toEqual(new Set([retaken.contextId]));
    expect((await claim("b000000000000003")).won.size).toBe(0);
    // a fresh claim whose write is still under way is never taken over
    const fresh = await claim("b000000000000004");
    expect(fresh.won.size).toBe(1);
    expect((await claim("b000000000000004")).won.size).toBe(0);
  });
});
