// Unit: an anchor batch's lifecycle as data (pure), and the docs' diagram drawn from it.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { mermaidDiagram, TransitionRefused } from "../lifecycle";
import {
  ANCHOR_IN_FLIGHT_STATUSES,
  ANCHOR_LIFECYCLE,
  ANCHOR_STATUSES,
  type AnchorEvent,
  anchorStatusesFor,
  anchorTransition,
} from "./anchor-lifecycle";

const EVENTS: AnchorEvent[] = ["claim", "send", "requeue", "mine", "unmine", "confirm", "fail"];

describe("an anchor batch's lifecycle", () => {
  it("walks its table: claimed queued, sent, requeued, mined, unmined, confirmed or failed", () => {
    expect(anchorTransition(null, "claim")).toBe("queued");
    expect(anchorTransition("queued", "send")).toBe("sent");
    expect(anchorTransition("sent", "requeue")).toBe("queued");
    expect(anchorTransition("sent", "mine")).toBe("mined");
    expect(anchorTransition("queued", "mine")).toBe("mined");
    expect(anchorTransition("mined", "unmine")).toBe("sent");
    expect(anchorTransition("mined", "confirm")).toBe("confirmed");
    for (const from of ["queued", "sent", "mined"] as const)
      expect(anchorTransition(from, "fail")).toBe("failed");
    for (const t of ANCHOR_LIFECYCLE.transitions) expect(anchorTransition(t.from, t.on)).toBe(t.to);
  });

  it("refuses every other pair of status and event", () => {
    let refused = 0;
    for (const from of [null, ...ANCHOR_STATUSES]) {
      for (const on of EVENTS) {
        if (ANCHOR_LIFECYCLE.transitions.some((t) => t.from === from && t.on === on)) continue;
        expect(() => anchorTransition(from, on)).toThrow(TransitionRefused);
        refused++;
      }
    }
    // 6 starting points × 7 events, less the 10 transitions
    expect(refused).toBe(32);
    expect(() => anchorTransition("confirmed", "unmine")).toThrow(
      'anchor: no transition on "unmine" from "confirmed"',
    );
    expect(() => anchorTransition("queued", "confirm")).toThrow(TransitionRefused);
    expect(() => anchorTransition("failed", "requeue")).toThrow(TransitionRefused);
  });

  it("names the statuses each write holds its rows to, and those in flight", () => {
    expect(anchorStatusesFor("claim")).toEqual([]);
    expect(anchorStatusesFor("send")).toEqual(["queued"]);
    expect(anchorStatusesFor("requeue")).toEqual(["sent"]);
    expect(anchorStatusesFor("mine")).toEqual(["queued", "sent"]);
    expect(anchorStatusesFor("unmine")).toEqual(["mined"]);
    expect(anchorStatusesFor("confirm")).toEqual(["mined"]);
    expect(anchorStatusesFor("fail")).toEqual(["queued", "sent", "mined"]);
    expect(ANCHOR_IN_FLIGHT_STATUSES).toEqual(["queued", "sent", "mined"]);
  });

  it("states the AnchorStatus enum of the schema", () => {
    const schema = readFileSync(join(__dirname, "../../../../prisma/schema.prisma"), "utf8");
    const body = /enum AnchorStatus \{([\s\S]*?)\}/.exec(schema)?.[1] ?? "";
    const values = body
      .split("\n")
      .map((l) => l.trim())
      .filter((l) => l !== "" && !l.startsWith("//"));
    expect(values).toEqual([...ANCHOR_STATUSES]);
  });

  it("is drawn in the docs as its table says", () => {
    const diagram = mermaidDiagram(ANCHOR_LIFECYCLE);
    const text = readFileSync(join(__dirname, "../../../../docs/anchoring.md"), "utf8");
    const blocks = [...text.matchAll(/```mermaid\n([\s\S]*?)\n```/g)].map((m) => m[1]);
    expect(blocks.find((b) => b?.includes("--> queued"))).toEqual(diagram);
  });
});
