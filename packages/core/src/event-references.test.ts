import {
  CONFIRMED_REFERENCE,
  CREATED_REFERENCE_MARK,
  createdReference,
  isEventReference,
  renderStoredPayload,
  storedPayload,
} from "./event-references";
import { type ContextView, contextConfirmedData, contextCreatedData, serializeEnvelope } from "./events";

const ctx: ContextView = {
  id: "ctx_01JD0000000000000000000000",
  agentId: "billing-bot",
  transactionHash: `0x${"ab".repeat(32)}`,
  contextHash: `0x${"cd".repeat(32)}`,
  signature: `0x${"ef".repeat(65)}`,
  status: "confirmed",
  createdAt: new Date("2025-01-02T03:04:05.678Z"),
  estimatedConfirmation: new Date("2025-01-02T03:05:05.678Z"),
  contextData: { task: "reconcile", items: [1, 2], note: "x".repeat(300) },
  metadata: { run: 7 },
  blockNumber: 42n,
  blockTimestamp: new Date("2025-01-02T03:04:17.000Z"),
  confirmations: 3,
  network: "anvil",
  gasUsed: 23_850n,
  confirmationTimeSeconds: 12,
  errorCode: null,
  errorMessage: null,
  errorDetails: null,
  retryPossible: null,
  failureReason: null,
  sequence: 3,
  prevEntryHash: `0x${"11".repeat(32)}`,
  entryHash: `0x${"22".repeat(32)}`,
};
const timestamp = new Date("2025-01-02T03:04:06.000Z");
/** the event's row: its created_at is the envelope's timestamp */
const eventRow = { createdAt: timestamp, contextId: ctx.id };
const proofPath = [`0x${"33".repeat(32)}`, `0x${"44".repeat(32)}`];
const proof = {
  leaf_index: 1,
  merkle_proof: proofPath,
  merkle_root: `0x${"55".repeat(32)}`,
  chain_id: 31337,
  network: "anvil",
  registry_address: `0x${"66".repeat(20)}`,
};
const row = {
  agentId: ctx.agentId,
  contextHash: ctx.contextHash,
  signature: ctx.signature,
  createdAt: ctx.createdAt,
  sequence: ctx.sequence ?? null,
  prevEntryHash: ctx.prevEntryHash ?? null,
  entryHash: ctx.entryHash ?? null,
};
const anchor = {
  transactionHash: ctx.transactionHash,
  blockNumber: ctx.blockNumber,
  blockTimestamp: ctx.blockTimestamp,
  confirmations: ctx.confirmations,
  network: ctx.network,
  gasUsed: ctx.gasUsed,
  // 12 s after the context's receipt: its confirmation_time_seconds
  confirmedAt: new Date("2025-01-02T03:04:17.700Z"),
  merkleRoot: proof.merkle_root,
  chainId: proof.chain_id,
  registryAddress: proof.registry_address,
  treeSize: null,
};
const referenced = {
  ...row,
  contextData: ctx.contextData,
  metadata: ctx.metadata,
  dataErasedAt: null,
  merkleProof: proofPath,
  leafIndex: proof.leaf_index,
  anchor,
};

describe("storedPayload / renderStoredPayload", () => {
  it("context.created: stores no data, and renders exactly the envelope the event describes", () => {
    const input = { event: "context.created" as const, timestamp, data: contextCreatedData(ctx) };
    const stored = storedPayload(input, ctx.id);
    expect(isEventReference(stored)).toBe(true);
    expect(stored).not.toContain("reconcile");
    // nor the row's hashes and signature
    for (const value of [ctx.contextHash, ctx.signature, ctx.entryHash, ctx.prevEntryHash]) {
      expect(stored).not.toContain(value);
    }
    // the two members the row does not hold; the envelope's timestamp and context id are its row's
    expect(stored).toBe(
      `${CREATED_REFERENCE_MARK}${ctx.transactionHash},${ctx.estimatedConfirmation?.getTime()}`,
    );
    const rendered = renderStoredPayload(stored, referenced, eventRow);
    expect(rendered).toBe(serializeEnvelope(input));
    // the same bytes on every rendering (a retry signs and sends what the first attempt did)
    expect(renderStoredPayload(stored, referenced, eventRow)).toBe(rendered);
    // the event's row is needed: its context id above all
    expect(() => renderStoredPayload(stored, referenced, { ...eventRow, contextId: null })).toThrow(
      /needs its event's row/,
    );
  });

  it("context.created with no transaction yet, or no estimate, keeps them null", () => {
    for (const [transactionHash, estimatedConfirmation] of [
      [null, ctx.estimatedConfirmation],
      [ctx.transactionHash, null],
      [null, null],
    ] as const) {
      const input = {
        event: "context.created" as const,
        timestamp,
        data: contextCreatedData({ ...ctx, transactionHash, estimatedConfirmation }),
      };
      const stored = storedPayload(input, ctx.id);
      expect(stored.startsWith(CREATED_REFERENCE_MARK)).toBe(true);
      expect(renderStoredPayload(stored, referenced, eventRow)).toBe(serializeEnvelope(input));
    }
  });

  it("context.confirmed: stores its context id alone, and renders it whole from the row and its anchor", () => {
    const input = {
      event: "context.confirmed" as const,
      timestamp,
      data: contextConfirmedData(ctx, { proof }),
    };
    const stored = storedPayload(input, ctx.id);
    // all of the envelope is its row's (what the chain worker stores without building the event)
    expect(stored).toBe(CONFIRMED_REFERENCE);
    expect(isEventReference(stored)).toBe(true);
    expect(renderStoredPayload(stored, referenced, eventRow)).toBe(serializeEnvelope(input));
    // a context in no batch of its own (never, once confirmed) renders its row's members alone
    expect(JSON.parse(renderStoredPayload(stored, { ...referenced, anchor: null }, eventRow))).toEqual({
      event: "context.confirmed",
      timestamp: timestamp.toISOString(),
      data: { context_id: ctx.id },
    });
  });

  it("an erased context's created event renders as the erasure leaves every copy: no data, data_erased_at", () => {
    const stored = storedPayload(
      { event: "context.created", timestamp, data: contextCreatedData(ctx) },
      ctx.id,
    );
    const erasedAt = new Date("2025-02-01T00:00:00.000Z");
    const body = JSON.parse(
      renderStoredPayload(
        stored,
        {
          ...row,
          contextData: null,
          metadata: null,
          dataErasedAt: erasedAt,
          merkleProof: [],
          leafIndex: null,
          anchor: null,
        },
        eventRow,
      ),
    );
    expect(Object.keys(body)).toEqual(["event", "timestamp", "data"]);
    expect(body.data).toMatchObject({
      context_data: null,
      metadata: null,
      data_erased_at: erasedAt.toISOString(),
    });
    expect(Object.keys(body.data).at(-1)).toBe("data_erased_at");
  });

  it("refuses a context's event whose data its reference would not render", () => {
    const created = { event: "context.created" as const, timestamp, data: contextCreatedData(ctx) };
    expect(() => storedPayload(created, "ctx_another")).toThrow(/names another context/);
    expect(() => storedPayload({ ...created, test: true }, ctx.id)).toThrow(/test context.created/);
    expect(() => storedPayload({ ...created, data: { context_id: ctx.id, n: 1 } as never }, ctx.id)).toThrow(
      /not contextCreatedData's/,
    );
    const unrounded = { ...created.data, estimated_confirmation: "2025-01-02T03:05:05Z" };
    expect(() => storedPayload({ ...created, data: unrounded }, ctx.id)).toThrow(/not toISOString's/);
    const confirmed = { event: "context.confirmed" as const, timestamp, data: contextConfirmedData(ctx) };
    expect(() => storedPayload(confirmed, ctx.id)).toThrow(/its data has none/);
    expect(() => createdReference("0xa,b", null)).toThrow(/not a transaction hash/);
  });

  it("reads no other form: a mark it does not know is refused, not rendered", () => {
    for (const older of ["~a{}", "~c{}", '~{"event":"context.created"}']) {
      expect(() => renderStoredPayload(older, referenced, eventRow)).toThrow(/not a stored form/);
    }
  });

  it("stores other events, test events and events naming no context as their envelope, rendered as stored", () => {
    const created = { event: "context.created" as const, timestamp, data: contextCreatedData(ctx) };
    const failed = { event: "context.failed" as const, timestamp, data: { context_id: ctx.id } };
    const cases = [
      storedPayload({ ...created, test: true }, null),
      storedPayload(created, null),
      storedPayload(failed, ctx.id),
      storedPayload({ event: "context.confirmed", timestamp, data: contextConfirmedData(ctx) }, undefined),
    ];
    for (const stored of cases) {
      expect(isEventReference(stored)).toBe(false);
      expect(renderStoredPayload(stored, null, eventRow)).toBe(stored);
    }
    expect(cases[2]).toBe(serializeEnvelope(failed));
  });
});
