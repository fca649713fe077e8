// Unit: a context's lifecycle as data (pure), and the docs' diagrams drawn from it.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { mermaidDiagram, TransitionRefused } from "../lifecycle";
import {
  CONTEXT_LIFECYCLE,
  CONTEXT_STATUSES,
  type ContextEvent,
  contextStatusesFor,
  contextTransition,
} from "./context-lifecycle";

const EVENTS: ContextEvent[] = ["receive", "confirm", "fail", "retry"];

describe("a context's lifecycle", () => {
  it("walks its table: received pending, confirmed or failed from pending, retried from failed", () => {
    expect(contextTransition(null, "receive")).toBe("pending");
    expect(contextTransition("pending", "confirm")).toBe("confirmed");
    expect(contextTransition("pending", "fail")).toBe("failed");
    expect(contextTransition("failed", "retry")).toBe("pending");
    for (const t of CONTEXT_LIFECYCLE.transitions) expect(contextTransition(t.from, t.on)).toBe(t.to);
  });

  it("refuses every other pair of status and event", () => {
    let refused = 0;
    for (const from of [null, ...CONTEXT_STATUSES]) {
      for (const on of EVENTS) {
        if (CONTEXT_LIFECYCLE.transitions.some((t) => t.from === from && t.on === on)) continue;
        expect(() => contextTransition(from, on)).toThrow(TransitionRefused);
        refused++;
      }
    }
    // 4 starting points × 4 events, less the 4 transitions
    expect(refused).toBe(12);
    expect(() => contextTransition("confirmed", "retry")).toThrow(
      'context: no transition on "retry" from "confirmed"',
    );
  });

  it("names the statuses each write holds its rows to", () => {
    expect(contextStatusesFor("confirm")).toEqual(["pending"]);
    expect(contextStatusesFor("fail")).toEqual(["pending"]);
    expect(contextStatusesFor("retry")).toEqual(["failed"]);
    expect(contextStatusesFor("receive")).toEqual([]);
  });

  it("is drawn in the docs as its table says", () => {
    const diagram = mermaidDiagram(CONTEXT_LIFECYCLE);
    const root = join(__dirname, "../../../..");
    for (const doc of ["docs/anchoring.md", "packages/db/README.md"]) {
      const text = readFileSync(join(root, doc), "utf8");
      const blocks = [...text.matchAll(/```mermaid\n([\s\S]*?)\n```/g)].map((m) => m[1]);
      expect({ doc, diagram: blocks.find((b) => b?.includes("--> pending")) }).toEqual({ doc, diagram });
    }
  });
});
