import { webhookState } from "./webhook-state";

describe("webhookState", () => {
  const at = new Date("2026-11-26T10:00:00Z");
  it.each([
    [{ status: "active", disabledAt: null }, "active"],
    [{ status: "failing", disabledAt: null }, "failing"],
    // a disabled endpoint is never `active`, whatever its last delivery did
    [{ status: "active", disabledAt: at }, "disabled"],
    [{ status: "failing", disabledAt: at }, "disabled"],
  ] as const)("%o → %s", (row, state) => {
    expect(webhookState(row)).toBe(state);
  });
});
