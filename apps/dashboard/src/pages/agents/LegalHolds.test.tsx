/** @jest-environment ./apps/dashboard/src/testing/jsdom-environment.js */
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { fetchDouble } from "../../testing/fetch-double";
import { renderApp, SESSION } from "../../testing/render";

const agent = {
  agent_id: "planner-7",
  head_sequence: 2,
  head_entry_hash: `0x${"1".repeat(64)}`,
  counts: { pending: 0, confirmed: 2, failed: 0 },
  first_activity_at: "2026-11-26T10:00:00.000Z",
  last_activity_at: "2026-11-26T11:00:00.000Z",
};
const hold = (n: number, released: boolean) => ({
  hold_id: `hld_${n}`,
  agent_id: "planner-7",
  reason: `case ${n}`,
  placed_at: "2026-11-27T10:00:00.000Z",
  placed_by: "account:acc_1",
  released_at: released ? "2026-11-28T10:00:00.000Z" : null,
  released_by: released ? "key:key_1" : null,
});

describe("the agent page's legal holds", () => {
  it("lists the holds, places one with its reason, releases one after a confirmation", async () => {
    let holds = [hold(1, true)];
    const api = fetchDouble([
      { method: "GET", path: "/agents/planner-7", reply: () => ({ status: 200, body: agent }) },
      {
        method: "GET",
        path: "/agents/planner-7/holds",
        reply: () => ({ status: 200, body: { data: holds, next_cursor: null } }),
      },
      {
        method: "POST",
        path: "/agents/planner-7/holds",
        reply: (req) => {
          const placed = { ...hold(2, false), reason: (req.body as { reason: string }).reason };
          holds = [placed, ...holds];
          return { status: 201, body: placed };
        },
      },
      {
        method: "POST",
        path: "/agents/planner-7/holds/hld_2/release",
        reply: () => {
          holds = holds.map((h) =>
            h.hold_id === "hld_2" ? { ...h, ...hold(2, true), reason: h.reason } : h,
          );
          return { status: 200, body: holds[0] };
        },
      },
    ]);
    renderApp("/agents/planner-7", { fetch: api.fetch, session: SESSION });
    const table = await screen.findByRole("table", { name: "Legal holds" });
    expect(within(table).getByText("case 1")).toBeTruthy();
    expect(within(table).getByText("released")).toBeTruthy();
    expect(screen.getByText("none active")).toBeTruthy();

    const form = screen.getByRole("form", { name: "Place a legal hold" });
    fireEvent.change(within(form).getByLabelText("Reason"), { target: { value: "  litigation hold  " } });
    fireEvent.click(within(form).getByRole("button", { name: "Place hold" }));
    await waitFor(() => expect(api.callsTo("POST", "/agents/planner-7/holds")).toHaveLength(1));
    expect(api.callsTo("POST", "/agents/planner-7/holds")[0]?.body).toEqual({ reason: "litigation hold" });
    expect(await screen.findByText("litigation hold")).toBeTruthy();
    expect(await screen.findByText("1 active")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Release" }));
    const dialog = await screen.findByRole("dialog", { name: "Release this legal hold?" });
    expect(api.callsTo("POST", "/agents/planner-7/holds/hld_2/release")).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole("button", { name: "Release the hold" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(api.callsTo("POST", "/agents/planner-7/holds/hld_2/release")).toHaveLength(1);
    expect(await screen.findByText("none active")).toBeTruthy();
  });

  it("the erase button's dialog shows the API's 409 when a hold refuses the erasure", async () => {
    const message =
      'Agent planner-7 is under legal hold hld_1 (placed 2026-11-27T10:00:00.000Z by account:acc_1: "case 1"): its contexts\' data cannot be erased until the hold is released.';
    const api = fetchDouble([
      { method: "GET", path: "/agents/planner-7", reply: () => ({ status: 200, body: agent }) },
      {
        method: "GET",
        path: "/agents/planner-7/holds",
        reply: () => ({ status: 200, body: { data: [hold(1, false)], next_cursor: null } }),
      },
      {
        method: "DELETE",
        path: "/agents/planner-7/data",
        reply: () => ({ status: 409, body: { error: { code: "CONFLICT", message, request_id: "req_1" } } }),
      },
    ]);
    renderApp("/agents/planner-7", { fetch: api.fetch, session: SESSION });
    fireEvent.click(await screen.findByRole("button", { name: "Erase agent data" }));
    const dialog = await screen.findByRole("dialog", {
      name: /Erase the data of every context of planner-7/,
    });
    fireEvent.change(within(dialog).getByLabelText("Type planner-7 to confirm"), {
      target: { value: "planner-7" },
    });
    fireEvent.click(within(dialog).getByRole("button", { name: /Erase the data of all 2 contexts/ }));
    expect(await within(dialog).findByText(message)).toBeTruthy();
  });
});
