/** @jest-environment ./apps/dashboard/src/testing/jsdom-environment.js */
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { fetchDouble } from "../../testing/fetch-double";
import { renderApp, SESSION } from "../../testing/render";

describe("words and first steps", () => {
  it("the contexts page, empty, shows the curl and SDK lines that log a first context", async () => {
    const api = fetchDouble([
      {
        method: "GET",
        path: "/contexts",
        reply: () => ({ status: 200, body: { data: [], next_cursor: null } }),
      },
    ]);
    renderApp("/contexts", { fetch: api.fetch, session: SESSION });
    const curl = await screen.findByLabelText("Log a context with curl", undefined, {});
    expect(curl.textContent).toContain(`curl -X POST ${window.location.origin}/v1/contexts`);
    expect(curl.textContent).toContain('"agent_id": "planner-7"');
    expect(screen.getByLabelText("Log a context with the SDK").textContent).toContain(
      "ctxlog.contexts.create(",
    );
  });

  it("an error is told in words; its code and request id are in the details", async () => {
    const api = fetchDouble([
      {
        method: "GET",
        path: "/contexts",
        reply: () => ({
          status: 400,
          body: {
            error: { code: "VALIDATION_ERROR", message: "limit must be at most 100", request_id: "req_42" },
          },
        }),
      },
    ]);
    renderApp("/contexts", { fetch: api.fetch, session: SESSION });
    const alert = await screen.findByRole("alert", undefined, {});
    expect(alert.textContent).toContain("Something in what was sent is not valid");
    expect(alert.textContent).toContain("limit must be at most 100");
    const details = alert.querySelector("details");
    expect(details?.open).toBe(false);
    expect(details?.textContent).toContain("Code: VALIDATION_ERROR");
    expect(details?.textContent).toContain("Request id: req_42");
    // no first step is offered for a list that failed to load
    expect(screen.queryByLabelText("Log a context with curl")).toBeNull();
  });

  it("the contexts list takes a range of the time received", async () => {
    const api = fetchDouble([
      {
        method: "GET",
        path: "/contexts",
        reply: () => ({ status: 200, body: { data: [], next_cursor: null } }),
      },
    ]);
    const user = userEvent.setup();
    renderApp("/contexts", { fetch: api.fetch, session: SESSION });
    await screen.findByRole("radiogroup", { name: "Received" }, {});
    await user.click(screen.getByRole("radio", { name: "24 h" }));
    await waitFor(() =>
      expect(api.callsTo("GET", "/contexts").at(-1)?.query.get("created_after")).not.toBeNull(),
    );
    const last = api.callsTo("GET", "/contexts").at(-1)?.query;
    const span = Date.parse(last?.get("created_before") ?? "") - Date.parse(last?.get("created_after") ?? "");
    expect(span).toBe(86_400_000);
    expect(api.callsTo("GET", "/contexts")[0]?.query.get("created_after")).toBeNull();
  });
});
