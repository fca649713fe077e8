/** @jest-environment ./apps/dashboard/src/testing/jsdom-environment.js */
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { fetchDouble } from "../testing/fetch-double";
import { renderWithProviders } from "../testing/render";
import { HashText, shortHash } from "./HashText";

const HASH = `0x1234${"5".repeat(56)}abcd`;
const show = (ui: ReactNode) => renderWithProviders(ui, { fetch: fetchDouble([]).fetch, session: null });

describe("hashes", () => {
  it("are shortened in the middle when they are 0x and 64 hex digits or more", () => {
    expect(shortHash(HASH)).toBe("0x1234…abcd");
    expect(shortHash(`0x${"ab".repeat(65)}`)).toBe("0xabab…abab"); // a signature
    const address = `0x${"c".repeat(40)}`;
    expect(shortHash(address)).toBe(address);
    expect(shortHash("ctx_123")).toBe("ctx_123");
    expect(shortHash(`0x${"z".repeat(64)}`)).toBe(`0x${"z".repeat(64)}`);
  });

  it("show their full value on hover and copy it whole", async () => {
    const user = userEvent.setup();
    show(
      <>
        <HashText value={HASH} what="context hash" />
        <span data-testid="none">
          <HashText value={null} what="transaction hash" />
        </span>
      </>,
    );
    const short = await screen.findByText("0x1234…abcd");
    expect(short.getAttribute("title")).toBe(HASH);
    await user.click(screen.getByRole("button", { name: "Copy context hash" }));
    expect(await navigator.clipboard.readText()).toBe(HASH);
    expect(screen.getByTestId("none").textContent).toBe("—");
    expect(screen.queryByRole("button", { name: "Copy transaction hash" })).toBeNull();
  });
});
