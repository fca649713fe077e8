/** @jest-environment ./apps/dashboard/src/testing/jsdom-environment.js */
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { fetchDouble } from "../../testing/fetch-double";
import { renderApp, SESSION } from "../../testing/render";

const ID = "ctx_01JAZ0YQ8T9X2V3W4B5C6D7E8F";
const record = {
  context_id: ID,
  agent_id: "planner-7",
  status: "confirmed",
  visibility: "private",
  context_hash: `0x${"ab".repeat(32)}`,
  signature: `0x${"cd".repeat(65)}`,
  signer_address: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
  transaction_hash: `0x${"ef".repeat(32)}`,
  network: "anvil",
  confirmations: 3,
  block_number: 12,
  block_timestamp: "2026-11-26T10:00:03.000Z",
  gas_used: 23850,
  confirmation_time_seconds: 3,
  created_at: "2026-11-26T10:00:00.000Z",
  estimated_confirmation: "2026-11-26T10:00:04.000Z",
  context_data: { secret: "the customer's address" },
  metadata: {},
  data_erased_at: null,
  error: null,
  retry_possible: null,
  failure_reason: null,
  sequence: 4,
  prev_entry_hash: `0x${"11".repeat(32)}`,
  entry_hash: `0x${"22".repeat(32)}`,
};

describe("Erase data on the context page", () => {
  it("erases after a confirmation and then shows the context as erased", async () => {
    let erased = false;
    const current = () =>
      erased
        ? { ...record, context_data: null, metadata: null, data_erased_at: "2026-11-27T01:00:00.000Z" }
        : record;
    const api = fetchDouble([
      { method: "GET", path: `/contexts/${ID}`, reply: () => ({ status: 200, body: current() }) },
      { method: "GET", path: `/contexts/${ID}/proof`, reply: () => ({ status: 404, body: {} }) },
      {
        method: "DELETE",
        path: `/contexts/${ID}/data`,
        reply: () => {
          erased = true;
          return { status: 200, body: current() };
        },
      },
      {
        method: "GET",
        path: "/agents/planner-7",
        reply: () => ({
          status: 200,
          body: {
            agent_id: "planner-7",
            head_sequence: 10_005,
            head_entry_hash: `0x${"22".repeat(32)}`,
            counts: { pending: 1, confirmed: 10_000, failed: 4 },
            first_activity_at: "2026-11-26T10:00:00.000Z",
            last_activity_at: "2026-11-26T11:00:00.000Z",
          },
        }),
      },
      {
        method: "DELETE",
        path: "/agents/planner-7/data",
        reply: (_req, n) => ({
          status: 200,
          body: {
            agent_id: "planner-7",
            erased: n === 1 ? 10_000 : 5,
            remaining: n === 1 ? 5 : 0,
            done: n > 1,
          },
        }),
      },
    ]);
    renderApp(`/contexts/${ID}`, { fetch: api.fetch, session: SESSION });

    expect(await screen.findByText(/the customer's address/)).toBeTruthy();
    fireEvent.click(await screen.findByRole("button", { name: "Erase data" }));
    const dialog = await screen.findByRole("dialog", { name: "Erase this context's data?" });
    expect(api.callsTo("DELETE", `/contexts/${ID}/data`)).toHaveLength(0); // nothing before confirming
    fireEvent.click(within(dialog).getByRole("button", { name: "Erase data" }));

    expect(await screen.findByText("Data erased")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(screen.queryByText(/the customer's address/)).toBeNull());
    expect(api.callsTo("DELETE", `/contexts/${ID}/data`)).toHaveLength(1);
    await waitFor(() =>
      expect((screen.getByRole("button", { name: "Erase data" }) as HTMLButtonElement).disabled).toBe(true),
    );

    // the agent's data: called until done, the total reported
    fireEvent.click(await screen.findByRole("button", { name: "Erase agent data" }));
    const agentDialog = await screen.findByRole("dialog", {
      name: /Erase the data of every context of planner-7/,
    });
    // how many it erases (the agent record's counts), and nothing until the agent id is typed
    expect(within(agentDialog).getByText(/of all 10005 contexts of this agent are deleted/)).toBeTruthy();
    const go = within(agentDialog).getByRole("button", { name: "Erase the data of all 10005 contexts" });
    const typed = within(agentDialog).getByLabelText("Type planner-7 to confirm");
    expect((go as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(typed, { target: { value: "planner-" } });
    expect((go as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(go);
    expect(api.callsTo("DELETE", "/agents/planner-7/data")).toHaveLength(0);
    fireEvent.change(typed, { target: { value: "planner-7" } });
    expect((go as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(go);
    expect(await screen.findByText("Erased the data of 10005 contexts of planner-7.")).toBeTruthy();
    expect(api.callsTo("DELETE", "/agents/planner-7/data")).toHaveLength(2);
  });
});
