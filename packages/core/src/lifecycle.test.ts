// Unit: lifecycles as data (pure).
import { defineLifecycle, mermaidDiagram, statesFor, TransitionRefused, transition } from "./lifecycle";

const door = defineLifecycle({
  name: "door",
  states: ["open", "closed", "gone"],
  final: ["gone"],
  transitions: [
    { from: null, to: "closed", on: "built" },
    { from: "closed", to: "open", on: "open" },
    { from: "open", to: "closed", on: "close" },
    { from: "closed", to: "gone", on: "demolish", note: "for good" },
    { from: "open", to: "gone", on: "demolish" },
  ],
});

describe("a lifecycle", () => {
  it("walks every transition of its table", () => {
    for (const t of door.transitions) expect(transition(door, t.from, t.on)).toBe(t.to);
  });

  it("refuses every pair of state and event the table does not have", () => {
    const events = [...new Set(door.transitions.map((t) => t.on))];
    for (const from of [null, ...door.states]) {
      for (const on of events) {
        const allowed = door.transitions.some((t) => t.from === from && t.on === on);
        if (allowed) continue;
        expect(() => transition(door, from, on)).toThrow(TransitionRefused);
      }
    }
    expect(() => transition(door, "gone", "open")).toThrow('door: no transition on "open" from "gone"');
  });

  it("names the states an event may be applied in", () => {
    expect(statesFor(door, "demolish").sort()).toEqual(["closed", "open"]);
    expect(statesFor(door, "built")).toEqual([]);
  });

  it("refuses a table with an unknown state, an event leading two ways, or a way out of a final state", () => {
    const base = { name: "t", states: ["a", "b"] as const, final: [] as "a"[] };
    expect(() => defineLifecycle({ ...base, transitions: [{ from: "a", to: "c" as "b", on: "x" }] })).toThrow(
      /unknown state "c"/,
    );
    expect(() =>
      defineLifecycle({
        ...base,
        transitions: [
          { from: "a", to: "b", on: "x" },
          { from: "a", to: "a", on: "x" },
        ],
      }),
    ).toThrow(/leads from a twice/);
    expect(() =>
      defineLifecycle({ ...base, final: ["a"], transitions: [{ from: "a", to: "b", on: "x" }] }),
    ).toThrow(/final state "a" has a way out/);
  });

  it("draws itself as a Mermaid state diagram", () => {
    expect(mermaidDiagram(door)).toBe(
      [
        "stateDiagram-v2",
        "  [*] --> closed: built",
        "  closed --> open: open",
        "  open --> closed: close",
        "  closed --> gone: demolish (for good)",
        "  open --> gone: demolish",
        "  gone --> [*]",
      ].join("\n"),
    );
  });
});
