/** @jest-environment ./apps/dashboard/src/testing/jsdom-environment.js */
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { fetchDouble } from "../../testing/fetch-double";
import { renderApp, SESSION } from "../../testing/render";

const ID = "ctx_01JAZ0YQ8T9X2V3W4B5C6D7E8F";
const steps = Array.from({ length: 600 }, (_, i) => ({ step: i, output: { text: `step ${i}`, ok: true } }));
const record = {
  context_id: ID,
  agent_id: "planner-7",
  status: "confirmed",
  visibility: "private",
  context_hash: `0x${"ab".repeat(32)}`,
  signature: `0x${"cd".repeat(65)}`,
  signature_scheme: "EIP-712",
  signer_address: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
  transaction_hash: `0x${"ef".repeat(32)}`,
  network: "anvil",
  confirmations: 3,
  block_number: 12,
  block_timestamp: "2026-11-26T10:00:03.000Z",
  gas_used: 23850,
  confirmation_time_seconds: 3,
  created_at: "2026-11-26T10:00:00.000Z",
  estimated_confirmation: null,
  context_data: { task: "plan", steps },
  metadata: { run: 42 },
  data_erased_at: null,
  error: null,
  retry_possible: null,
  failure_reason: null,
  sequence: 4,
  prev_entry_hash: `0x${"11".repeat(32)}`,
  entry_hash: `0x${"22".repeat(32)}`,
};

describe("the context page", () => {
  it("shows its hashes short with their copies, and its data in viewers", async () => {
    const user = userEvent.setup();
    const api = fetchDouble([
      { method: "GET", path: `/contexts/${ID}`, reply: () => ({ status: 200, body: record }) },
      { method: "GET", path: `/contexts/${ID}/proof`, reply: () => ({ status: 404, body: {} }) },
    ]);
    renderApp(`/contexts/${ID}`, { fetch: api.fetch, session: SESSION });
    const data = await screen.findByRole("group", { name: "Context data" }, {});
    for (const [short, full] of [
      ["0xabab…abab", record.context_hash],
      ["0x1111…1111", record.prev_entry_hash],
      ["0x2222…2222", record.entry_hash],
      ["0xcdcd…cdcd", record.signature],
      ["0xefef…efef", record.transaction_hash],
    ]) {
      expect(screen.getByText(short as string).getAttribute("title")).toBe(full);
    }
    // an address is short enough to read whole
    expect(screen.getByText(record.signer_address)).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Copy entry hash" }));
    expect(await navigator.clipboard.readText()).toBe(record.entry_hash);
    await user.click(screen.getByRole("button", { name: "Copy context id" }));
    expect(await navigator.clipboard.readText()).toBe(ID);

    // 600 steps of 4 nodes: a big value, drawn to its second level, 100 steps at a time
    expect(within(data).getByRole("button", { name: "Show more of steps (100 of 600 shown)" })).toBeTruthy();
    expect(within(data).getByRole("button", { name: "Expand steps[0]" })).toBeTruthy();
    // the small metadata opens whole
    const metadata = screen.getByRole("group", { name: "Metadata" });
    expect(JSON.parse(metadata.textContent ?? "")).toEqual(record.metadata);
  });
});
