/** @jest-environment ./apps/dashboard/src/testing/jsdom-environment.js */
import { screen, within } from "@testing-library/react";
import { fetchDouble } from "../../testing/fetch-double";
import { renderApp, SESSION } from "../../testing/render";

const hash = (n: number) => `0x${n.toString(16).padStart(64, "0")}`;
const entry = (sequence: number, status: string) => ({
  sequence,
  entry_hash: hash(sequence),
  prev_entry_hash: hash(sequence - 1),
  status,
  context_id: `ctx_${sequence}`,
});

describe("an agent's page", () => {
  it("lists the log in sequence order from the export, each entry linking to its context", async () => {
    const api = fetchDouble([
      {
        method: "GET",
        path: "/agents/planner-7",
        reply: () => ({
          status: 200,
          body: {
            agent_id: "planner-7",
            head_sequence: 3,
            head_entry_hash: hash(3),
            counts: { pending: 1, confirmed: 2, failed: 0 },
            first_activity_at: "2026-11-26T10:00:00.000Z",
            last_activity_at: "2026-11-26T11:00:00.000Z",
          },
        }),
      },
    ]);
    // the export is NDJSON, which the double's JSON replies cannot carry: answered here
    const fetch: typeof globalThis.fetch = async (input, init) => {
      const request = input instanceof Request ? input : new Request(input, init);
      const url = new URL(request.url);
      if (url.pathname === "/v1/agents/planner-7/export") {
        expect(url.searchParams.get("from_sequence")).toBe("1");
        const body = [entry(1, "confirmed"), entry(2, "confirmed"), entry(3, "pending")]
          .map((e) => JSON.stringify(e))
          .join("\n");
        return new Response(`${body}\n`, {
          status: 200,
          headers: { "content-type": "application/x-ndjson" },
        });
      }
      return api.fetch(request);
    };
    renderApp("/agents/planner-7", { fetch, session: SESSION });
    await screen.findByText("Head sequence");
    const table = await screen.findByRole("table", { name: "Log entries" }, {});
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((r) => within(r).getAllByRole("cell")[0]?.textContent)).toEqual(["1", "2", "3"]);
    expect(within(rows[2] as HTMLElement).getByText("pending")).toBeTruthy();
    expect(
      within(rows[0] as HTMLElement)
        .getByRole("link", { name: "ctx_1" })
        .getAttribute("href"),
    ).toBe("/contexts/ctx_1");
    expect(screen.getByRole("link", { name: "Export the log (NDJSON)" }).getAttribute("href")).toBe(
      "/v1/agents/planner-7/export",
    );
    expect(screen.getByText("Entries 1 to 3 of 3.")).toBeTruthy();
  });
});
