/** @jest-environment ./apps/dashboard/src/testing/jsdom-environment.js */
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { fetchDouble } from "../testing/fetch-double";
import { renderApp, SESSION } from "../testing/render";

describe("the skip link", () => {
  it("is the keyboard's first stop and leads to the page's main region", async () => {
    const api = fetchDouble([
      {
        method: "GET",
        path: "/verifications",
        reply: () => ({ status: 200, body: { data: [], next_cursor: null } }),
      },
    ]);
    renderApp("/verifications", { fetch: api.fetch, session: SESSION });
    await screen.findByText("No verifications.");
    const user = userEvent.setup();
    await user.tab();
    const link = screen.getByRole("link", { name: "Skip to content" });
    expect(document.activeElement).toBe(link);
    const target = document.getElementById(link.getAttribute("href")?.slice(1) ?? "");
    expect(target?.tagName).toBe("MAIN");
    expect(target?.textContent).toContain("No verifications.");
  });
});
