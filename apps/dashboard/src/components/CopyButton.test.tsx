/** @jest-environment ./apps/dashboard/src/testing/jsdom-environment.js */
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { fetchDouble } from "../testing/fetch-double";
import { renderWithProviders } from "../testing/render";
import { CopyableId, CopyButton } from "./CopyButton";

const show = (ui: ReactNode) => renderWithProviders(ui, { fetch: fetchDouble([]).fetch, session: null });

describe("copy buttons", () => {
  it("copy their value exactly and say so", async () => {
    const user = userEvent.setup();
    show(<CopyButton value="dlv_01J9" label="Copy delivery id" />);
    const button = await screen.findByRole("button", { name: "Copy delivery id" });
    expect(screen.getByRole("status").textContent).toBe("");
    await user.click(button);
    expect(await navigator.clipboard.readText()).toBe("dlv_01J9");
    expect((await screen.findByRole("status")).textContent).toBe("Copied");
    expect(button.getAttribute("title")).toBe("Copied");
  });

  it("say when the browser refuses the clipboard", async () => {
    const user = userEvent.setup();
    show(<CopyButton value="x" label="Copy event id" />);
    const button = await screen.findByRole("button", { name: "Copy event id" });
    jest.spyOn(navigator.clipboard, "writeText").mockRejectedValueOnce(new Error("denied"));
    await user.click(button);
    expect((await screen.findByRole("status")).textContent).toBe(
      "Copy failed: the browser refused the clipboard",
    );
  });

  it("sit beside an id, which links to its page when it has one", async () => {
    const user = userEvent.setup();
    show(
      <>
        <CopyableId id="ctx_42" what="context id" to="/contexts/ctx_42" />
        <CopyableId id="evt_7" what="event id" />
      </>,
    );
    const link = await screen.findByRole("link", { name: "ctx_42" });
    expect(link.getAttribute("href")).toBe("/contexts/ctx_42");
    expect(screen.queryByRole("link", { name: "evt_7" })).toBeNull();
    expect(screen.getByText("evt_7")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Copy event id" }));
    expect(await navigator.clipboard.readText()).toBe("evt_7");
  });
});
