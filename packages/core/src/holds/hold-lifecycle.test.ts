// Unit: a legal hold's table — every transition it lists is taken, every other is refused, and
// holdState reads a hold's stored release as ctxlog_hold_active does in SQL.
import { TransitionRefused, transition } from "../lifecycle";
import { HOLD_EVENTS, HOLD_LIFECYCLE, HOLD_STATES, holdState } from "./hold-lifecycle";

describe("a legal hold's lifecycle", () => {
  it("places a hold active and releases it for good", () => {
    expect(transition(HOLD_LIFECYCLE, null, "place")).toBe("active");
    expect(transition(HOLD_LIFECYCLE, "active", "release")).toBe("released");
  });

  it("refuses every transition the table does not list", () => {
    for (const from of [null, ...HOLD_STATES]) {
      for (const on of HOLD_EVENTS) {
        if (HOLD_LIFECYCLE.transitions.some((t) => t.from === from && t.on === on)) continue;
        expect(() => transition(HOLD_LIFECYCLE, from, on)).toThrow(TransitionRefused);
      }
    }
  });

  it("reads its state from released_at", () => {
    expect(holdState(null)).toBe("active");
    expect(holdState(new Date("2026-11-30T00:00:00Z"))).toBe("released");
  });
});
