// Unit: an endpoint's lifecycle as data (pure), its derived states, and the docs' diagram.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { mermaidDiagram, TransitionRefused } from "../lifecycle";
import {
  ENDPOINT_HEALTH,
  ENDPOINT_LIFECYCLE,
  ENDPOINT_STATES,
  ENDPOINT_STORED_STATUSES,
  type EndpointEvent,
  endpointState,
  endpointStatesFor,
  endpointTransition,
} from "./endpoint-lifecycle";
import { webhookState } from "./webhook-state";

const EVENTS: EndpointEvent[] = [
  "create",
  "fail_attempt",
  "fail",
  "succeed",
  "gone",
  "disable_failing",
  "disable",
  "enable",
  "enable_failing",
  "delete",
];

describe("an endpoint's lifecycle", () => {
  it("walks its table: created active, degraded, failing and back, disabled, enabled, deleted", () => {
    expect(endpointTransition(null, "create")).toBe("active");
    expect(endpointTransition("active", "fail_attempt")).toBe("degraded");
    expect(endpointTransition("degraded", "fail")).toBe("failing");
    // a cycle of one attempt fails a delivery with no retry between
    expect(endpointTransition("active", "fail")).toBe("failing");
    for (const from of ["degraded", "failing"] as const)
      expect(endpointTransition(from, "succeed")).toBe("active");
    expect(endpointTransition("failing", "disable_failing")).toBe("disabled");
    for (const from of ["active", "degraded", "failing"] as const) {
      expect(endpointTransition(from, "gone")).toBe("disabled");
      expect(endpointTransition(from, "disable")).toBe("disabled");
    }
    expect(endpointTransition("disabled", "enable")).toBe("active");
    expect(endpointTransition("disabled", "enable_failing")).toBe("failing");
    for (const from of ["active", "degraded", "failing", "disabled"] as const)
      expect(endpointTransition(from, "delete")).toBe("deleted");
    for (const t of ENDPOINT_LIFECYCLE.transitions) expect(endpointTransition(t.from, t.on)).toBe(t.to);
  });

  it("refuses every other pair of state and event", () => {
    let refused = 0;
    for (const from of [null, ...ENDPOINT_STATES]) {
      for (const on of EVENTS) {
        if (ENDPOINT_LIFECYCLE.transitions.some((t) => t.from === from && t.on === on)) continue;
        expect(() => endpointTransition(from, on)).toThrow(TransitionRefused);
        refused++;
      }
    }
    // 6 starting points × 10 events, less the 19 transitions
    expect(refused).toBe(41);
    expect(() => endpointTransition("active", "disable_failing")).toThrow(
      'endpoint: no transition on "disable_failing" from "active"',
    );
    // a disabled endpoint's health does not move: nothing is sent to it
    expect(() => endpointTransition("disabled", "fail")).toThrow(TransitionRefused);
    expect(() => endpointTransition("disabled", "fail_attempt")).toThrow(TransitionRefused);
    // a failing endpoint is not made better by another failed attempt
    expect(() => endpointTransition("failing", "fail_attempt")).toThrow(TransitionRefused);
    expect(() => endpointTransition("deleted", "enable")).toThrow(TransitionRefused);
  });

  it("derives disabled and deleted from their timestamps, as the API shows them", () => {
    const at = new Date("2026-11-29T00:00:00Z");
    expect(endpointState({ status: "active", disabledAt: null, deletedAt: null })).toBe("active");
    expect(endpointState({ status: "degraded", disabledAt: null, deletedAt: null })).toBe("degraded");
    expect(endpointState({ status: "failing", disabledAt: null, deletedAt: null })).toBe("failing");
    expect(endpointState({ status: "failing", disabledAt: at, deletedAt: null })).toBe("disabled");
    expect(endpointState({ status: "active", disabledAt: at, deletedAt: at })).toBe("deleted");
    expect(webhookState({ status: "failing", disabledAt: at })).toBe("disabled");
    expect(endpointStatesFor("delete")).toEqual(["active", "degraded", "failing", "disabled"]);
    expect(endpointStatesFor("succeed")).toEqual(["degraded", "failing"]);
    expect(endpointStatesFor("disable_failing")).toEqual(["failing"]);
    expect(ENDPOINT_HEALTH.defaultDisableAfterHours).toBeGreaterThan(0);
  });

  it("stores the WebhookStatus enum of the schema", () => {
    const schema = readFileSync(join(__dirname, "../../../../prisma/schema.prisma"), "utf8");
    const body = /enum WebhookStatus \{([\s\S]*?)\}/.exec(schema)?.[1] ?? "";
    const values = body
      .split("\n")
      .map((l) => l.trim())
      .filter((l) => l !== "" && !l.startsWith("//"));
    expect(values).toEqual([...ENDPOINT_STORED_STATUSES]);
  });

  it("is drawn in the docs as its table says", () => {
    const diagram = mermaidDiagram(ENDPOINT_LIFECYCLE);
    const text = readFileSync(join(__dirname, "../../../../docs/webhooks.md"), "utf8");
    const blocks = [...text.matchAll(/```mermaid\n([\s\S]*?)\n```/g)].map((m) => m[1]);
    expect(blocks.find((b) => b?.includes("--> deleted"))).toEqual(diagram);
  });
});
