/** @jest-environment ./apps/dashboard/src/testing/jsdom-environment.js */
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { fetchDouble } from "../../testing/fetch-double";
import { renderApp, SESSION } from "../../testing/render";

const SECRET = "sk_9f8e7d6c5b4a39281706f5e4d3c2b1a0";
const newKey = {
  key_id: "key_new",
  name: "ci",
  type: "full",
  display_prefix: "sk_9f8e",
  plan: "free",
  agent_patterns: [],
  created_at: "2026-11-26T10:00:00.000Z",
  last_used_at: null,
  expires_at: null,
  revoked_at: null,
  status: "active",
};

describe("API keys page", () => {
  it("shows a new key exactly once, then drops it from the page and from every cache", async () => {
    let created = false;
    const api = fetchDouble([
      {
        method: "GET",
        path: "/keys",
        reply: () => ({ status: 200, body: { data: created ? [newKey] : [], next_cursor: null } }),
      },
      {
        method: "POST",
        path: "/keys",
        reply: () => {
          created = true;
          return { status: 201, body: { ...newKey, key: SECRET } };
        },
      },
    ]);
    const { queryClient } = renderApp("/keys", { fetch: api.fetch, session: SESSION });

    fireEvent.click(await screen.findByRole("button", { name: "New key" }));
    const form = await screen.findByRole("dialog", { name: "Create an API key" });
    fireEvent.change(within(form).getByLabelText("Name"), { target: { value: "ci" } });
    fireEvent.click(within(form).getByRole("button", { name: "Create key" }));

    const shown = await screen.findByRole("dialog", { name: "Your new API key" });
    expect(within(shown).getByText(SECRET)).toBeTruthy();
    expect(within(shown).getByText("Shown only once")).toBeTruthy();
    expect(within(shown).getByRole("button", { name: "Copy" })).toBeTruthy();

    const post = api.callsTo("POST", "/keys")[0];
    expect(post?.body).toEqual({ type: "full", name: "ci" });
    expect(post?.headers.get("x-csrf-token")).toBe(SESSION.csrf_token);

    // the list shows the key by its prefix only
    await waitFor(() => expect(screen.getAllByText("sk_9f8e").length).toBeGreaterThan(0));

    fireEvent.click(within(shown).getByRole("button", { name: "I have saved it" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(document.body.innerHTML).not.toContain(SECRET);
    // gcTime 0: the mutation that carried the key leaves the cache on the next tick
    await waitFor(() => expect(queryClient.getMutationCache().getAll()).toHaveLength(0));
    const cached = JSON.stringify(
      queryClient
        .getQueryCache()
        .getAll()
        .map((query) => query.state.data),
    );
    expect(cached).not.toContain(SECRET);
    expect(JSON.stringify({ ...localStorage })).not.toContain(SECRET);
    expect(JSON.stringify({ ...sessionStorage })).not.toContain(SECRET);
    expect(window.location.href).not.toContain(SECRET);
  });

  it("revokes a key only after the confirmation, and shows the API's refusal in words", async () => {
    const api = fetchDouble([
      {
        method: "GET",
        path: "/keys",
        reply: () => ({ status: 200, body: { data: [newKey], next_cursor: null } }),
      },
      {
        method: "POST",
        path: "/keys/key_new/revoke",
        reply: () => ({
          status: 403,
          body: {
            error: { code: "CSRF_TOKEN_INVALID", message: "The CSRF token is missing.", request_id: "r1" },
          },
        }),
      },
    ]);
    renderApp("/keys", { fetch: api.fetch, session: SESSION });

    fireEvent.click(await screen.findByRole("button", { name: "Revoke" }));
    const confirm = await screen.findByRole("dialog", { name: "Revoke the key ci?" });
    expect(api.callsTo("POST", "/keys/key_new/revoke")).toHaveLength(0);

    fireEvent.click(within(confirm).getByRole("button", { name: "Revoke key" }));
    expect(await within(confirm).findByText("The CSRF token is missing.")).toBeTruthy();
    // the code is not the title (words are), it is kept for support in the details
    expect(within(confirm).getByText("Code: CSRF_TOKEN_INVALID").closest("details")).not.toBeNull();
    expect(within(confirm).queryByText("CSRF_TOKEN_INVALID")).toBeNull();
    expect(api.callsTo("POST", "/keys/key_new/revoke")).toHaveLength(1);
  });
});
