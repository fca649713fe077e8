import { deriveTimeline, type TimelineStep } from "./timeline";

const base = {
  created_at: "2026-11-26T10:00:00.000Z",
  transaction_hash: null,
  block_number: null,
  confirmations: 0,
  block_timestamp: null,
  failure_reason: null,
  error: null,
  confirmation_time_seconds: null,
};
const TX = "0xabc";
const states = (steps: TimelineStep[]) => steps.map((step) => `${step.key}:${step.state}`);

describe("deriveTimeline", () => {
  it("a pending context before its broadcast waits for a batch", () => {
    const steps = deriveTimeline({ ...base, status: "pending" });
    expect(states(steps)).toEqual([
      "received:done",
      "batched:current",
      "sent:waiting",
      "confirmations:waiting",
      "outcome:waiting",
    ]);
    expect(steps[1]?.detail).toBe("Waiting for the next batch");
  });

  it("a broadcast context counts its confirmations, n/N once N is known", () => {
    const pending = {
      ...base,
      status: "pending" as const,
      transaction_hash: TX,
      block_number: 7,
      confirmations: 1,
    };
    expect(states(deriveTimeline(pending))).toEqual([
      "received:done",
      "batched:done",
      "sent:done",
      "confirmations:current",
      "outcome:waiting",
    ]);
    expect(deriveTimeline(pending)[3]?.label).toBe("Confirmations 1");
    expect(deriveTimeline(pending, 3)[3]?.label).toBe("Confirmations 1/3");
    expect(deriveTimeline(pending)[2]?.detail).toBe(TX);
  });

  it("a confirmed context has every step done", () => {
    const confirmed = {
      ...base,
      status: "confirmed" as const,
      transaction_hash: TX,
      block_number: 7,
      confirmations: 3,
      confirmation_time_seconds: 4.2,
    };
    const steps = deriveTimeline(confirmed, 3);
    expect(steps.every((step) => step.state === "done")).toBe(true);
    expect(steps[3]?.label).toBe("Confirmations 3/3");
    expect(steps[4]).toMatchObject({ label: "Confirmed", detail: "4.2 s after it was received" });
  });

  it("a context that failed before its broadcast says why, and skips what never happened", () => {
    const failed = {
      ...base,
      status: "failed" as const,
      failure_reason: "insufficient_gas",
      error: { code: "INSUFFICIENT_GAS", message: "The signer cannot pay for gas", details: null },
    };
    const steps = deriveTimeline(failed);
    expect(states(steps)).toEqual([
      "received:done",
      "batched:skipped",
      "sent:skipped",
      "confirmations:skipped",
      "outcome:failed",
    ]);
    expect(steps[4]).toMatchObject({
      label: "Failed",
      detail: "insufficient_gas: The signer cannot pay for gas",
    });
  });

  it("a reverted transaction shows it was sent and mined, then failed", () => {
    const failed = {
      ...base,
      status: "failed" as const,
      transaction_hash: TX,
      block_number: 9,
      failure_reason: "reverted",
    };
    expect(states(deriveTimeline(failed))).toEqual([
      "received:done",
      "batched:done",
      "sent:done",
      "confirmations:done",
      "outcome:failed",
    ]);
  });

  it("a pending context past its estimated confirmation is overdue where it is stuck, not a plain ✓", () => {
    const now = Date.parse("2026-11-26T10:05:00.000Z");
    const late = { ...base, status: "pending" as const, estimated_confirmation: "2026-11-26T10:00:05.000Z" };
    const sent = deriveTimeline({ ...late, transaction_hash: TX }, 3, now);
    expect(states(sent)).toEqual([
      "received:done",
      "batched:done",
      "sent:overdue",
      "confirmations:waiting",
      "outcome:waiting",
    ]);
    expect(sent[2]?.detail).toMatch(
      /^0xabc · Overdue: not confirmed by its estimated time \(2026-11-26 10:00:05 UTC\)/,
    );
    expect(states(deriveTimeline(late, 3, now))[1]).toBe("batched:overdue");
    expect(states(deriveTimeline({ ...late, transaction_hash: TX, block_number: 9 }, 3, now))[3]).toBe(
      "confirmations:overdue",
    );
    // before the estimate, the same record is simply in progress
    const early = Date.parse("2026-11-26T10:00:01.000Z");
    expect(states(deriveTimeline({ ...late, transaction_hash: TX }, 3, early))[2]).toBe("sent:done");
  });
});
