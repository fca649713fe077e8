/** @jest-environment ./apps/dashboard/src/testing/jsdom-environment.js */
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { apiError, fetchDouble } from "../testing/fetch-double";
import { renderApp, SESSION } from "../testing/render";

describe("the session guard", () => {
  it("sends a visitor without a session to sign-in, and back to the page asked for after signing in", async () => {
    const api = fetchDouble([
      { method: "GET", path: "/auth/session", reply: () => apiError(401, "INVALID_SESSION", "No session.") },
      { method: "POST", path: "/auth/sign-in", reply: () => ({ status: 200, body: SESSION }) },
      {
        method: "GET",
        path: "/webhooks",
        reply: () => ({ status: 200, body: { data: [], next_cursor: null } }),
      },
    ]);
    const { router, queryClient } = renderApp("/webhooks", { fetch: api.fetch });

    expect(await screen.findByRole("heading", { name: "Sign in" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/sign-in");
    expect(api.callsTo("GET", "/webhooks")).toHaveLength(0);

    fireEvent.change(screen.getByLabelText(/Email/), { target: { value: "ada@example.com" } });
    fireEvent.change(screen.getByLabelText(/Password/), { target: { value: "correct horse battery" } });
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));

    expect(await screen.findByRole("heading", { name: "Webhooks" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/webhooks");
    expect(api.callsTo("POST", "/auth/sign-in")[0]?.body).toEqual({
      email: "ada@example.com",
      password: "correct horse battery",
    });
    // the CSRF token is kept in the query cache only
    expect(queryClient.getQueryData(["session"])).toEqual(SESSION);
    await waitFor(() => expect(api.callsTo("GET", "/webhooks")).toHaveLength(1));
  });

  it("a session that ends while a page is open (401 on a query) leads to sign-in", async () => {
    const api = fetchDouble([
      {
        method: "GET",
        path: "/signers",
        reply: () => apiError(401, "INVALID_SESSION", "The session expired."),
      },
    ]);
    const { router } = renderApp("/signers", { fetch: api.fetch, session: SESSION });
    expect(await screen.findByRole("heading", { name: "Sign in" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/sign-in");
  });
});
