/** @jest-environment ./apps/dashboard/src/testing/jsdom-environment.js */
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { apiError, fetchDouble } from "../../testing/fetch-double";
import { renderApp, SESSION } from "../../testing/render";

const overview = {
  method: "GET",
  path: "/overview",
  reply: () => apiError(503, "SERVICE_UNAVAILABLE", "not in this test"),
};

describe("the sign-in page opened from an invitation mail (?user=)", () => {
  it("signs in to that user's dashboard", async () => {
    const api = fetchDouble([
      { method: "GET", path: "/auth/session", reply: () => apiError(401, "INVALID_SESSION", "No session.") },
      { method: "POST", path: "/auth/sign-in", reply: () => ({ status: 200, body: SESSION }) },
      overview,
    ]);
    renderApp("/sign-in?user=acme", { fetch: api.fetch });
    fireEvent.change(await screen.findByLabelText(/Email/), { target: { value: "ada@example.com" } });
    fireEvent.change(screen.getByLabelText(/Password/), { target: { value: "correct horse battery" } });
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    await waitFor(() => expect(api.callsTo("POST", "/auth/sign-in")).toHaveLength(1));
    expect(api.callsTo("POST", "/auth/sign-in")[0]?.body).toEqual({
      email: "ada@example.com",
      password: "correct horse battery",
      user_id: "acme",
    });
  });

  it("signed in already, elsewhere: leads to the Account page, where that dashboard is joined", async () => {
    const api = fetchDouble([
      overview,
      {
        method: "GET",
        path: "/accounts",
        reply: () => ({ status: 200, body: { data: [], next_cursor: null } }),
      },
      {
        method: "GET",
        path: "/accounts/invitations",
        reply: () => ({ status: 200, body: { data: [], next_cursor: null } }),
      },
    ]);
    const { router } = renderApp("/sign-in?user=acme", { fetch: api.fetch, session: SESSION });
    await waitFor(() => expect(router.state.location.pathname).toBe("/account"));
    const { router: same } = renderApp(`/sign-in?user=${SESSION.account.user_id}`, {
      fetch: api.fetch,
      session: SESSION,
    });
    await waitFor(() => expect(same.state.location.pathname).toBe("/"));
  });
});

describe("a wrong password", () => {
  it("is said once: the API's sentence under a title that does not repeat it", async () => {
    const api = fetchDouble([
      { method: "GET", path: "/auth/session", reply: () => apiError(401, "INVALID_SESSION", "No session.") },
      {
        method: "POST",
        path: "/auth/sign-in",
        reply: () => apiError(401, "INVALID_CREDENTIALS", "The email or the password is wrong."),
      },
    ]);
    renderApp("/sign-in", { fetch: api.fetch });
    fireEvent.change(await screen.findByLabelText(/Email/), { target: { value: "ada@example.com" } });
    fireEvent.change(screen.getByLabelText(/Password/), { target: { value: "not the password" } });
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent?.match(/email or the password/gi)).toHaveLength(1);
    expect(alert.textContent).toContain("Not accepted");
  });
});
