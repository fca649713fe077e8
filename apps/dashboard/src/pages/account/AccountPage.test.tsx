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

function api(overrides: { removeSelf?: number } = {}) {
  let colleagueStatus = "active";
  let invited = true;
  return fetchDouble([
    {
      method: "GET",
      path: "/accounts",
      reply: () => ({
        status: 200,
        body: { data: [{ ...colleague, status: colleagueStatus }, me], next_cursor: null },
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
    const row = (await screen.findByText(colleague.email, {}, { timeout: 5000 })).closest(
      "tr",
    ) as HTMLElement;
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
    const row = (await screen.findByText(invitation.email, {}, { timeout: 5000 })).closest(
      "tr",
    ) as HTMLElement;
    fireEvent.click(within(row).getByRole("button", { name: "Revoke" }));
    const confirm = await screen.findByRole("dialog", {
      name: `Revoke the invitation of ${invitation.email}?`,
    });
    fireEvent.click(within(confirm).getByRole("button", { name: "Revoke invitation" }));
    await waitFor(() => expect(screen.queryByText(invitation.email)).toBeNull());
    expect(double.callsTo("DELETE", "/accounts/invitations/acc_3")).toHaveLength(1);
  });

  it("says in words why the last person cannot remove themselves", async () => {
    const double = api();
    renderApp("/account", { fetch: double.fetch, session: SESSION });
    await screen.findByText(colleague.email, {}, { timeout: 5000 });
    const mine = screen
      .getAllByText(me.email)
      .map((e) => e.closest("tr"))
      .find(Boolean) as HTMLElement;
    fireEvent.click(within(mine).getByRole("button", { name: "Remove" }));
    const confirm = await screen.findByRole("dialog", { name: "Remove your own account?" });
    fireEvent.click(within(confirm).getByRole("button", { name: "Remove" }));
    expect(await within(confirm).findByText(/last account of this user that can sign in/)).toBeTruthy();
  });
});
