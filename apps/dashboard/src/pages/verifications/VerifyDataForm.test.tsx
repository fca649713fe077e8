/** @jest-environment ./apps/dashboard/src/testing/jsdom-environment.js */
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { fetchDouble } from "../../testing/fetch-double";
import { renderApp, SESSION } from "../../testing/render";

const tx = `0x${"12".repeat(32)}`;
const held = { agent_id: "planner-7", context_data: { task: "summarize" }, metadata: {} };

describe("verify data you hold", () => {
  it("against a context: its transaction is read, then the data is verified against it, every reason shown", async () => {
    const api = fetchDouble([
      {
        method: "GET",
        path: "/verifications",
        reply: () => ({ status: 200, body: { data: [], next_cursor: null } }),
      },
      {
        method: "GET",
        path: "/contexts/ctx_1",
        reply: () => ({ status: 200, body: { context_id: "ctx_1", transaction_hash: tx } }),
      },
      {
        method: "POST",
        path: "/verifications",
        reply: () => ({
          status: 201,
          body: {
            verdict: "failed",
            verified: false,
            checks: [
              {
                name: "hash_matches",
                status: "failed",
                ok: false,
                reason: `the data hashes to 0x${"ab".repeat(32)}, not the anchored leaf`,
              },
            ],
          },
        }),
      },
    ]);
    const user = userEvent.setup();
    renderApp("/verifications", { fetch: api.fetch, session: SESSION });
    await user.type(
      await screen.findByRole("textbox", { name: /^Context id or transaction hash/ }, {}),
      "ctx_1",
    );
    const data = screen.getByRole("textbox", { name: /^The data/ });
    await user.click(data);
    await user.paste(JSON.stringify(held));
    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect(
      await screen.findByText(`the data hashes to 0x${"ab".repeat(32)}, not the anchored leaf`),
    ).toBeTruthy();
    expect(screen.getAllByText("failed").length).toBe(2); // the verdict and the check
    expect(api.callsTo("POST", "/verifications")[0]?.body).toEqual({ transaction_hash: tx, context: held });
  });

  it("data that is not JSON is refused before anything is sent", async () => {
    const api = fetchDouble([
      {
        method: "GET",
        path: "/verifications",
        reply: () => ({ status: 200, body: { data: [], next_cursor: null } }),
      },
    ]);
    const user = userEvent.setup();
    renderApp("/verifications", { fetch: api.fetch, session: SESSION });
    await user.type(await screen.findByRole("textbox", { name: /^Context id or transaction hash/ }, {}), tx);
    await user.click(screen.getByRole("textbox", { name: /^The data/ }));
    await user.paste("agent planner-7");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByText(/The data is not JSON/)).toBeTruthy();
    expect(api.callsTo("POST", "/verifications")).toHaveLength(0);
  });
});
