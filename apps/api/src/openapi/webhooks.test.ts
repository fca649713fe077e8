// The `webhooks` section of the document describes what the worker really sends: the envelopes
// the core builders make and the headers buildWebhookHeaders writes.
import {
  buildWebhookHeaders,
  type ContextView,
  contextConfirmedData,
  contextCreatedData,
  contextFailedData,
  EVENT_NAMES,
  type EventName,
  generateWebhookSecret,
  sampleEventEnvelope,
  serializeEnvelope,
  verificationCompletedData,
} from "@ctxlog/core";
import { v1Routes } from "../routes";
import { openApiValidator } from "../testing/openapi-validator";
import { buildOpenApiDocument } from "./document";

const validator = openApiValidator();
const hash = (c: string) => `0x${c.repeat(64)}`;

function headersFor(event: EventName, body: string, previousSecret: string | null = null) {
  return buildWebhookHeaders({
    deliveryId: "dlv_01JAZ0YQ8T9X2V3W4B5C6D7E8F",
    event,
    body,
    sentAt: new Date(),
    secret: generateWebhookSecret(),
    previousSecret,
  });
}

// What the sender adds to the signed headers (packages/webhooks/src/sender.ts).
const sent = (headers: Record<string, string>): Record<string, string> => ({
  ...headers,
  "user-agent": "ctxlog-webhooks/1.0",
});

const stored: ContextView = {
  id: "ctx_01JAZ0YQ8T9X2V3W4B5C6D7E8F",
  agentId: "planner-7",
  transactionHash: hash("a"),
  contextHash: hash("b"),
  signature: `0x${"c".repeat(128)}1c`,
  status: "confirmed",
  createdAt: new Date(),
  estimatedConfirmation: new Date(),
  contextData: { task: "x" },
  metadata: {},
  blockNumber: 12n,
  blockTimestamp: new Date(),
  confirmations: 3,
  network: "anvil",
  gasUsed: 50_000n,
  confirmationTimeSeconds: 4,
  errorCode: "BLOCKCHAIN_ERROR",
  errorMessage: "could not send",
  errorDetails: null,
  retryPossible: true,
  failureReason: "rpc_unavailable",
};

const realEvents: [EventName, unknown][] = [
  ["context.created", contextCreatedData({ ...stored, transactionHash: null, estimatedConfirmation: null })],
  [
    "context.confirmed",
    contextConfirmedData(stored, {
      proof: {
        leaf_index: 0,
        merkle_proof: [hash("d")],
        merkle_root: hash("e"),
        chain_id: 31337,
        network: "anvil",
        registry_address: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
      },
    }),
  ],
  ["context.failed", contextFailedData({ ...stored, transactionHash: null })],
  [
    "verification.completed",
    verificationCompletedData({
      id: "vrf_01JAZ0YQ8T9X2V3W4B5C6D7E8F",
      transactionHash: null,
      verified: false,
      agentId: "planner-7",
      contextHash: hash("b"),
      signatureValid: true,
      hashMatches: true,
      blockNumber: null,
      confirmations: 0,
      verificationTimeMs: 3,
      checks: [{ ok: true }, { ok: false }],
    }),
  ],
];

describe("the document's webhooks section", () => {
  it("has one entry per event the service sends", () => {
    expect(Object.keys(buildOpenApiDocument(v1Routes).webhooks ?? {})).toEqual([...EVENT_NAMES]);
  });

  it.each(realEvents)("describes a real %s event and its headers", (event, data) => {
    const body = serializeEnvelope({ event, timestamp: new Date(), data });
    expect(validator.webhookProblems(event, sent(headersFor(event, body)), body)).toEqual([]);
  });

  it.each(EVENT_NAMES)("describes the test event of %s", (event) => {
    const body = sampleEventEnvelope(event);
    expect(validator.webhookProblems(event, sent(headersFor(event, body)), body)).toEqual([]);
  });

  it("describes the headers during a secret rotation (two signatures)", () => {
    const body = sampleEventEnvelope("context.created");
    const headers = sent(headersFor("context.created", body, generateWebhookSecret()));
    expect(headers["webhook-signature"]).toContain(" ");
    expect(validator.webhookProblems("context.created", headers, body)).toEqual([]);
  });

  it("refuses a body that does not match (closed objects catch a new builder field)", () => {
    const body = JSON.stringify({ ...JSON.parse(sampleEventEnvelope("context.failed")), extra: 1 });
    expect(
      validator.webhookProblems("context.failed", sent(headersFor("context.failed", body)), body),
    ).not.toEqual([]);
  });
});
