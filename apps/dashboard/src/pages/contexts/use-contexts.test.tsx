/** @jest-environment ./apps/dashboard/src/testing/jsdom-environment.js */
import { screen, waitFor } from "@testing-library/react";
import { fetchDouble } from "../../testing/fetch-double";
import { renderApp, SESSION } from "../../testing/render";
import { PENDING_POLL } from "./use-contexts";

const pending = {
  context_id: "ctx_1",
  agent_id: "planner-7",
  status: "pending",
  visibility: "private",
  context_hash: "0xhash",
  signature: "0xsig",
  signer_address: "0xSigner",
  transaction_hash: null,
  network: "anvil",
  confirmations: 0,
  block_number: null,
  block_timestamp: null,
  gas_used: null,
  confirmation_time_seconds: null,
  created_at: "2026-11-26T10:00:00.000Z",
  // not overdue (a pending context past its estimate shows so: timeline.test.ts)
  estimated_confirmation: new Date(Date.now() + 3_600_000).toISOString(),
  context_data: { task: "summarize" },
  metadata: {},
  error: null,
  retry_possible: null,
  failure_reason: null,
  sequence: 7,
  prev_entry_hash: "0xprevious",
  entry_hash: "0xentry",
};
const sent = { ...pending, transaction_hash: "0xtx", block_number: 12, confirmations: 1 };
const confirmed = { ...sent, status: "confirmed", confirmations: 3, confirmation_time_seconds: 3.1 };

describe("a context's page", () => {
  const normal = PENDING_POLL.ms;
  beforeAll(() => {
    PENDING_POLL.ms = 25;
  });
  afterAll(() => {
    PENDING_POLL.ms = normal;
  });

  it("follows a pending context to confirmed without a reload, then stops asking", async () => {
    const api = fetchDouble([
      {
        method: "GET",
        path: "/contexts/ctx_1",
        reply: (_request, n) => ({ status: 200, body: n === 1 ? pending : n === 2 ? sent : confirmed }),
      },
      {
        method: "GET",
        path: "/contexts/ctx_1/proof",
        reply: () => ({ status: 200, body: { context_id: "ctx_1", required_confirmations: 3 } }),
      },
    ]);
    renderApp("/contexts/ctx_1", { fetch: api.fetch, session: SESSION });

    expect(await screen.findByText("Waiting for the next batch")).toBeTruthy();
    // two more polls away; a loaded machine renders slowly, so wait for the outcome, not a deadline
    expect(await screen.findByText("Confirmations 3/3", undefined, { timeout: 20_000 })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Download proof" })).toBeTruthy();
    // its place in the agent's log
    expect(screen.getByText("0xprevious")).toBeTruthy();
    expect(screen.getByText("7")).toBeTruthy();

    const asked = api.callsTo("GET", "/contexts/ctx_1").length;
    expect(asked).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, PENDING_POLL.ms * 6));
    expect(api.callsTo("GET", "/contexts/ctx_1")).toHaveLength(asked);
  });

  it("Verify now shows each named check with its reason", async () => {
    const api = fetchDouble([
      { method: "GET", path: "/contexts/ctx_1", reply: () => ({ status: 200, body: confirmed }) },
      {
        method: "GET",
        path: "/contexts/ctx_1/proof",
        reply: () => ({ status: 200, body: { context_id: "ctx_1", required_confirmations: 3 } }),
      },
      {
        method: "POST",
        path: "/verifications",
        reply: () => ({
          status: 200,
          body: {
            verification_id: "ver_1",
            verdict: "failed",
            verified: false,
            checks: [
              {
                name: "hash_matches",
                status: "passed",
                ok: true,
                reason: "The recomputed hash equals the stored one",
              },
              { name: "confirmations", status: "failed", ok: false, reason: "2 of 3 confirmations" },
            ],
          },
        }),
      },
    ]);
    renderApp("/contexts/ctx_1", { fetch: api.fetch, session: SESSION });

    (await screen.findByRole("button", { name: "Verify now" })).click();
    expect(await screen.findByText("2 of 3 confirmations")).toBeTruthy();
    expect(screen.getByText("The recomputed hash equals the stored one")).toBeTruthy();
    expect(screen.getAllByText("failed").length).toBe(2); // the verdict and the check
    await waitFor(() =>
      expect(api.callsTo("POST", "/verifications")[0]?.body).toEqual({ context_id: "ctx_1" }),
    );
  });
});
