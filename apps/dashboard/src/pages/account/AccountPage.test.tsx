/** @jest-environment ./apps/dashboard/src/testing/jsdom-environment.js */
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { fetchDouble } from "../../testing/fetch-double";
import { renderApp, SESSION } from "../../testing/render";

const me = {
  account_id: SESSION.account.account_id,
  email: SESSION.account.email,
  created_at: "2026-11-01T10:00:00.000Z",
  last_sign_in_at: null,
  status: "active",
};
const colleague = { ...me, account_id: "acc_2", email: "grace@example.com" };
const invitation = {
  account_id: "acc_3",
  email: "linus@example.com",
  invited_by: me.account_id,
  created_at: "2026-11-01T10:00:00.000Z",
  expires_at: "2026-11-01T10:30:00.000Z",
  status: "pending",
};

function api(overrides: { removeSelf?: number; colleague?: string | null } = {}) {
  let colleagueStatus = overrides.colleague === undefined ? "active" : overrides.colleague;
  let invited = true;
  return fetchDouble([
    {
      method: "POST",
      path: "/accounts/invitations",
      reply: (req) => ({
        status: 201,
        body: {
          account_id: "acc_4",
          email: (req.body as { email: string }).email.toLowerCase(),
          expires_at: "2026-11-08T10:00:00.000Z",
        },
      }),
    },
    {
      method: "POST",
      path: "/auth/switch",
      reply: () => ({
        status: 200,
        body: {
          ...SESSION,
          account: { ...SESSION.account, account_id: "acc_9", user_id: "acme" },
          memberships: [
            { account_id: "acc_9", user_id: "acme", status: "active" },
            { account_id: SESSION.account.account_id, user_id: SESSION.account.user_id, status: "active" },
          ],
          csrf_token: "csrf-token-acme",
        },
      }),
    },
    {
      method: "GET",
      path: "/overview",
      reply: () => ({
        status: 503,
        body: { error: { code: "SERVICE_UNAVAILABLE", message: "x", request_id: "r" } },
      }),
    },
    {
      method: "GET",
      path: "/accounts",
      reply: () => ({
        status: 200,
        body: {
          data: colleagueStatus === null ? [me] : [{ ...colleague, status: colleagueStatus }, me],
          next_cursor: null,
        },
      }),
    },
    {
      method: "GET",
      path: "/accounts/invitations",
      reply: () => ({ status: 200, body: { data: invited ? [invitation] : [], next_cursor: null } }),
    },
    {
      method: "POST",
      path: "/accounts/acc_2/disable",
      reply: () => {
        colleagueStatus = "disabled";
        return { status: 200, body: { ...colleague, status: "disabled" } };
      },
    },
    {
      method: "DELETE",
      path: "/accounts/invitations/acc_3",
      reply: () => {
        invited = false;
        return { status: 200, body: { account_id: "acc_3", deleted: true } };
      },
    },
    {
      method: "DELETE",
      path: `/accounts/${me.account_id}`,
      reply: () => ({
        status: overrides.removeSelf ?? 409,
        body: {
          error: {
            code: "CONFLICT",
            message:
              "This is the last account of this user that can sign in: invite or enable another one first.",
            request_id: "r1",
          },
        },
      }),
    },
  ]);
}

describe("the people of the account page", () => {
  it("disables a person after the confirmation, and shows them disabled", async () => {
    const double = api();
    renderApp("/account", { fetch: double.fetch, session: SESSION });
    const row = (await screen.findByText(colleague.email, {}, {})).closest("tr") as HTMLElement;
    fireEvent.click(within(row).getByRole("button", { name: "Disable" }));
    const confirm = await screen.findByRole("dialog", { name: `Disable ${colleague.email}?` });
    expect(double.callsTo("POST", "/accounts/acc_2/disable")).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole("button", { name: "Disable" }));
    await waitFor(() => expect(double.callsTo("POST", "/accounts/acc_2/disable")).toHaveLength(1));
    const updated = (await screen.findByText("disabled")).closest("tr") as HTMLElement;
    expect(within(updated).getByRole("button", { name: "Enable" })).toBeTruthy();
  });

  it("lists invitations and revokes one", async () => {
    const double = api();
    renderApp("/account", { fetch: double.fetch, session: SESSION });
    const row = (await screen.findByText(invitation.email, {}, {})).closest("tr") as HTMLElement;
    fireEvent.click(within(row).getByRole("button", { name: "Revoke" }));
    const confirm = await screen.findByRole("dialog", {
      name: `Revoke the invitation of ${invitation.email}?`,
    });
    fireEvent.click(within(confirm).getByRole("button", { name: "Revoke invitation" }));
    await waitFor(() => expect(screen.queryByText(invitation.email)).toBeNull());
    expect(double.callsTo("DELETE", "/accounts/invitations/acc_3")).toHaveLength(1);
    // the table says it is empty, rather than showing nothing under its heading
    expect(await screen.findByText(/^No open invitations/)).toBeTruthy();
  });

  it("says in words why the last person cannot remove themselves", async () => {
    const double = api();
    renderApp("/account", { fetch: double.fetch, session: SESSION });
    await screen.findByText(colleague.email, {}, {});
    const mine = screen
      .getAllByText(me.email)
      .map((e) => e.closest("tr"))
      .find(Boolean) as HTMLElement;
    fireEvent.click(within(mine).getByRole("button", { name: "Remove" }));
    const confirm = await screen.findByRole("dialog", { name: "Remove your own account?" });
    fireEvent.click(within(confirm).getByRole("button", { name: "Remove" }));
    expect(await within(confirm).findByText(/last account of this user that can sign in/)).toBeTruthy();
  });

  it("offers neither Disable nor Remove for the only person who can sign in", async () => {
    for (const others of [null, "disabled"]) {
      const { unmount } = renderApp("/account", {
        fetch: api({ colleague: others }).fetch,
        session: SESSION,
      });
      const mine = (await screen.findByText("The only person who can sign in", {}, {})).closest(
        "tr",
      ) as HTMLElement;
      expect(within(mine).getByText(me.email)).toBeTruthy();
      expect(within(mine).queryByRole("button")).toBeNull();
      if (others === "disabled") {
        // the disabled colleague can still be enabled or removed
        const theirs = screen.getByText(colleague.email).closest("tr") as HTMLElement;
        expect(within(theirs).getByRole("button", { name: "Enable" })).toBeTruthy();
        expect(within(theirs).getByRole("button", { name: "Remove" })).toBeTruthy();
      }
      unmount();
    }
  });

  it("an invitation says it was sent to the email, and never shows a link", async () => {
    const double = api();
    renderApp("/account", { fetch: double.fetch, session: SESSION });
    const input = await screen.findByRole("textbox", { name: /Email of the person to invite/ }, {});
    fireEvent.change(input, { target: { value: "Linus@Example.com" } });
    fireEvent.click(screen.getByRole("button", { name: "Invite" }));
    const sent = await screen.findByRole("status");
    expect(within(sent).getByText("Invitation sent to linus@example.com")).toBeTruthy();
    expect(double.callsTo("POST", "/accounts/invitations")[0]?.body).toEqual({ email: "Linus@Example.com" });
    expect(document.body.textContent).not.toMatch(/#token=|setup/);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("lists the person's dashboards; switching starts a session in the other user's", async () => {
    const double = api();
    const withInvitation = {
      ...SESSION,
      memberships: [
        ...SESSION.memberships,
        { account_id: "acc_9", user_id: "acme", status: "invited" as const },
      ],
    };
    renderApp("/account", { fetch: double.fetch, session: withInvitation });
    const join = await screen.findByRole("button", { name: "Join acme" }, {});
    expect(screen.getByText("this one")).toBeTruthy();
    fireEvent.click(join);
    await waitFor(() => expect(double.callsTo("POST", "/auth/switch")).toHaveLength(1));
    expect(double.callsTo("POST", "/auth/switch")[0]?.body).toEqual({ account_id: "acc_9" });
    expect(double.callsTo("POST", "/auth/switch")[0]?.headers.get("x-csrf-token")).toBe(SESSION.csrf_token);
    await screen.findByRole("heading", { name: "Overview" }, {});
  });

  it("with one dashboard only, says where other users' invitations will show", async () => {
    renderApp("/account", { fetch: api().fetch, session: SESSION });
    expect(
      await screen.findByText(/When another user invites your email, it shows here/, {}, {}),
    ).toBeTruthy();
  });
});
