import { webhookHealth, webhookState } from "./webhook-state";

describe("a webhook's health and status", () => {
  const at = new Date("2026-11-26T10:00:00Z");
  it.each([
    [{ status: "active", disabledAt: null }, "active", "active"],
    // degraded: an attempt failed, no delivery has spent its attempts — the spec's status stays active
    [{ status: "degraded", disabledAt: null }, "degraded", "active"],
    [{ status: "failing", disabledAt: null }, "failing", "failing"],
    // a disabled endpoint is never `active`, whatever its last delivery did
    [{ status: "active", disabledAt: at }, "disabled", "disabled"],
    [{ status: "degraded", disabledAt: at }, "disabled", "disabled"],
    [{ status: "failing", disabledAt: at }, "disabled", "disabled"],
  ] as const)("%o → health %s, status %s", (row, health, status) => {
    expect(webhookHealth(row)).toBe(health);
    expect(webhookState(row)).toBe(status);
  });
});
