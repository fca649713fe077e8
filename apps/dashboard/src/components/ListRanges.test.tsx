/** @jest-environment ./apps/dashboard/src/testing/jsdom-environment.js */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { fetchDouble } from "../testing/fetch-double";
import { renderApp, SESSION } from "../testing/render";

const empty = () => ({ status: 200, body: { data: [], next_cursor: null } });

describe("the lists' time ranges", () => {
  it("the agents list asks for the logs active in the range picked", async () => {
    const api = fetchDouble([{ method: "GET", path: "/agents", reply: empty }]);
    const user = userEvent.setup();
    const { router } = renderApp("/agents", { fetch: api.fetch, session: SESSION });
    await screen.findByText("No agent has logged a context yet.", undefined, {});
    expect(api.callsTo("GET", "/agents")[0]?.query.get("active_after")).toBeNull();
    await user.click(screen.getByRole("radio", { name: "24 h" }));
    await screen.findByText("No agent logged a context in this range.");
    const last = api.callsTo("GET", "/agents").at(-1)?.query;
    expect(Date.parse(last?.get("active_before") ?? "") - Date.parse(last?.get("active_after") ?? "")).toBe(
      86_400_000,
    );
    expect(router.state.location.search).toBe("?range=24h");
  });

  it("the verifications list reads a custom range from its URL and sends it as is", async () => {
    const api = fetchDouble([{ method: "GET", path: "/verifications", reply: empty }]);
    const from = "2026-11-20T08:00:00.000Z";
    const to = "2026-11-20T09:30:00.000Z";
    renderApp(`/verifications?range=custom&from=${from}&to=${to}`, { fetch: api.fetch, session: SESSION });
    await waitFor(() => expect(api.callsTo("GET", "/verifications")).toHaveLength(1), {});
    const query = api.callsTo("GET", "/verifications")[0]?.query;
    expect([query?.get("created_after"), query?.get("created_before")]).toEqual([from, to]);
    expect((screen.getByRole("radio", { name: "Custom" }) as HTMLInputElement).checked).toBe(true);
  });

  it("a custom range goes to the second: one minute, or a few seconds, is asked for as typed", async () => {
    const api = fetchDouble([{ method: "GET", path: "/contexts", reply: empty }]);
    const user = userEvent.setup();
    const { router } = renderApp("/contexts", { fetch: api.fetch, session: SESSION });
    await waitFor(() => expect(api.callsTo("GET", "/contexts")).toHaveLength(1), {});
    await user.click(screen.getByRole("radio", { name: "Custom" }));
    const form = () => screen.getByRole("form", { name: "Received: custom range" });
    // one format, the zone named beside it: no mm/dd/yyyy browser picker
    expect((within(form()).getByLabelText("From (UTC)") as HTMLInputElement).value).toMatch(
      /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/,
    );
    for (const [since, until] of [
      ["2026-11-20 08:00:00", "2026-11-20 08:01:00"],
      ["2026-11-20 08:00:07", "2026-11-20 08:00:38"],
    ] as const) {
      const from = within(form()).getByLabelText("From (UTC)");
      const to = within(form()).getByLabelText("To (UTC)");
      await user.clear(from);
      await user.type(from, since);
      await user.clear(to);
      await user.type(to, until);
      await user.click(within(form()).getByRole("button", { name: "Apply range" }));
      const iso = (text: string) => `${text.replace(" ", "T")}.000Z`;
      await waitFor(() => {
        const query = api.callsTo("GET", "/contexts").at(-1)?.query;
        expect([query?.get("created_after"), query?.get("created_before")]).toEqual([iso(since), iso(until)]);
      });
      expect(new URLSearchParams(router.state.location.search).get("to")).toBe(iso(until));
    }
  });
});
