import {
  type ContextView,
  confirmationsAt,
  contextConfirmedData,
  contextCreatedData,
  contextFailedData,
  EVENT_NAMES,
  type EventName,
  serializeEnvelope,
} from "./events";

const base: ContextView = {
  id: "ctx_01JD0000000000000000000000",
  agentId: "billing-bot",
  transactionHash: `0x${"ab".repeat(32)}`,
  contextHash: `0x${"cd".repeat(32)}`,
  signature: `0x${"ef".repeat(65)}`,
  status: "pending",
  createdAt: new Date("2025-01-02T03:04:05.678Z"),
  estimatedConfirmation: new Date("2025-01-02T03:05:05.678Z"),
  contextData: { task: "reconcile", items: [1, 2] },
  metadata: { run: 7 },
  blockNumber: null,
  blockTimestamp: null,
  confirmations: 0,
  network: "anvil",
  gasUsed: null,
  confirmationTimeSeconds: null,
  errorCode: null,
  errorMessage: null,
  errorDetails: null,
  retryPossible: null,
  failureReason: null,
};

describe("serializeEnvelope", () => {
  it("lists the four spec events, context.erased and the operational webhook.disabled", () => {
    expect(EVENT_NAMES).toEqual([
      "context.created",
      "context.confirmed",
      "context.failed",
      "context.erased",
      "verification.completed",
      "webhook.disabled",
    ]);
  });

  it("produces exactly event, timestamp, data in that order", () => {
    const body = serializeEnvelope({
      event: "context.created",
      timestamp: new Date(Date.UTC(2025, 0, 2, 3, 4, 5, 6)),
      data: { b: 1, a: 2 },
    });
    expect(body).toBe(
      '{"event":"context.created","timestamp":"2025-01-02T03:04:05.006Z","data":{"b":1,"a":2}}',
    );
  });

  it("adds test: true only for test events", () => {
    const input = { event: "context.failed" as const, timestamp: new Date(0), data: {} };
    expect(serializeEnvelope({ ...input, test: true })).toBe(
      '{"event":"context.failed","timestamp":"1970-01-01T00:00:00.000Z","data":{},"test":true}',
    );
    expect(serializeEnvelope({ ...input, test: false })).not.toContain("test");
  });

  it("refuses an unknown event name and an invalid date", () => {
    expect(() =>
      serializeEnvelope({ event: "context.deleted" as EventName, timestamp: new Date(), data: {} }),
    ).toThrow(TypeError);
    expect(() =>
      serializeEnvelope({ event: "context.created", timestamp: new Date(Number.NaN), data: {} }),
    ).toThrow(RangeError);
  });
});

describe("contextCreatedData", () => {
  it("has exactly the spec's fields, snake_case, ISO timestamps", () => {
    const data = contextCreatedData(base);
    expect(data).toEqual({
      context_id: base.id,
      agent_id: "billing-bot",
      transaction_hash: base.transactionHash,
      context_hash: base.contextHash,
      signature: base.signature,
      status: "pending",
      created_at: "2025-01-02T03:04:05.678Z",
      estimated_confirmation: "2025-01-02T03:05:05.678Z",
      context_data: { task: "reconcile", items: [1, 2] },
      metadata: { run: 7 },
      sequence: null,
      prev_entry_hash: null,
      entry_hash: null,
    });
    expect(Object.keys(data)).toEqual([
      "context_id",
      "agent_id",
      "transaction_hash",
      "context_hash",
      "signature",
      "status",
      "created_at",
      "estimated_confirmation",
      "context_data",
      "metadata",
      "sequence",
      "prev_entry_hash",
      "entry_hash",
    ]);
  });

  it("carries the context's place in its agent's log", () => {
    const link = { sequence: 7, prevEntryHash: `0x${"01".repeat(32)}`, entryHash: `0x${"02".repeat(32)}` };
    expect(contextCreatedData({ ...base, ...link })).toMatchObject({
      sequence: 7,
      prev_entry_hash: link.prevEntryHash,
      entry_hash: link.entryHash,
    });
    expect(
      contextConfirmedData({
        ...base,
        ...link,
        blockNumber: 1n,
        blockTimestamp: new Date(),
        gasUsed: 1n,
        confirmationTimeSeconds: 1,
      }),
    ).toMatchObject({
      sequence: 7,
      prev_entry_hash: link.prevEntryHash,
    });
  });

  it("reports the status of the event, not of the row", () => {
    const row: ContextView = { ...base, status: "confirmed" };
    expect(contextCreatedData(row).status).toBe("pending");
  });
});

describe("contextConfirmedData", () => {
  const confirmed: ContextView = {
    ...base,
    status: "confirmed",
    blockNumber: 12_345_678n,
    blockTimestamp: new Date("2025-01-02T03:04:17Z"),
    confirmations: 12,
    gasUsed: 48_211n,
    confirmationTimeSeconds: 42,
  };

  it("has exactly the spec's fields with bigints as JSON numbers", () => {
    const data = contextConfirmedData(confirmed);
    expect(data).toEqual({
      context_id: base.id,
      agent_id: "billing-bot",
      transaction_hash: base.transactionHash,
      context_hash: base.contextHash,
      status: "confirmed",
      block_number: 12_345_678,
      block_timestamp: "2025-01-02T03:04:17.000Z",
      confirmations: 12,
      network: "anvil",
      gas_used: 48_211,
      confirmation_time_seconds: 42,
      sequence: null,
      prev_entry_hash: null,
      entry_hash: null,
    });
    expect(JSON.stringify(data)).toContain('"block_number":12345678,');
    expect(data).not.toHaveProperty("signature");
    expect(data).not.toHaveProperty("context_data");
  });

  it("appends a proof only when one is given", () => {
    const proof = { root: "0x01", path: [] };
    expect(contextConfirmedData(confirmed, { proof }).proof).toBe(proof);
    expect(contextConfirmedData(confirmed, {})).not.toHaveProperty("proof");
  });

  it("refuses to build an event with missing chain data or unsafe integers", () => {
    expect(() => contextConfirmedData({ ...confirmed, blockNumber: null })).toThrow(/blockNumber/);
    expect(() => contextConfirmedData({ ...confirmed, transactionHash: null })).toThrow(/transactionHash/);
    expect(() => contextConfirmedData({ ...confirmed, gasUsed: 2n ** 53n })).toThrow(RangeError);
  });
});

describe("contextFailedData", () => {
  const failed: ContextView = {
    ...base,
    status: "failed",
    transactionHash: null,
    errorCode: "BLOCKCHAIN_ERROR",
    errorMessage: "transaction reverted",
    errorDetails: "out of gas at 21000",
    retryPossible: true,
    failureReason: "insufficient_gas",
  };

  it("has exactly the spec's fields, with a null transaction hash allowed", () => {
    expect(contextFailedData(failed)).toEqual({
      context_id: base.id,
      agent_id: "billing-bot",
      transaction_hash: null,
      status: "failed",
      error: { code: "BLOCKCHAIN_ERROR", message: "transaction reverted", details: "out of gas at 21000" },
      retry_possible: true,
      failure_reason: "insufficient_gas",
    });
  });

  it("defaults details to null and retry_possible to false", () => {
    const data = contextFailedData({ ...failed, errorDetails: undefined, retryPossible: null });
    expect(data.error.details).toBeNull();
    expect(data.retry_possible).toBe(false);
  });

  it("refuses to build an event without an error code, message or reason", () => {
    expect(() => contextFailedData({ ...failed, errorCode: null })).toThrow(/errorCode/);
    expect(() => contextFailedData({ ...failed, errorMessage: null })).toThrow(/errorMessage/);
    expect(() => contextFailedData({ ...failed, failureReason: null })).toThrow(/failureReason/);
  });

  it("survives serialisation into a full envelope", () => {
    const body = serializeEnvelope({
      event: "context.failed",
      timestamp: new Date(0),
      data: contextFailedData(failed),
    });
    expect(JSON.parse(body)).toEqual({
      event: "context.failed",
      timestamp: "1970-01-01T00:00:00.000Z",
      data: contextFailedData(failed),
    });
  });
});

describe("confirmationsAt", () => {
  it("counts from the context's block to the head, both included, never below what was stored", () => {
    expect(confirmationsAt(3, 100n, 102n)).toBe(3);
    expect(confirmationsAt(3, 100n, 135n)).toBe(36);
    // the head unknown (no chain worker report yet), or behind the block (a stale report): as stored
    expect(confirmationsAt(3, 100n, null)).toBe(3);
    expect(confirmationsAt(3, 100n, 90n)).toBe(3);
    // no block: nothing to count
    expect(confirmationsAt(0, null, 135n)).toBe(0);
  });
});
