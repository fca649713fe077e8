// Unit: a delivery's lifecycle as data (pure), its derived `retrying` state, and the docs' diagram.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { mermaidDiagram, TransitionRefused } from "../lifecycle";
import {
  DELIVERY_LIFECYCLE,
  DELIVERY_STATES,
  DELIVERY_STORED_STATUSES,
  type DeliveryEvent,
  deliveryState,
  deliveryStatesFor,
  deliveryStoredStatusesFor,
  deliveryTransition,
} from "./delivery-lifecycle";

const EVENTS: DeliveryEvent[] = [
  "create",
  "create_disabled",
  "succeed",
  "fail_attempt",
  "exhaust",
  "abandon",
  "retry",
  "recover",
];

describe("a delivery's lifecycle", () => {
  it("walks its table: created, attempted until it succeeds or its cycle is spent, retried", () => {
    expect(deliveryTransition(null, "create")).toBe("pending");
    expect(deliveryTransition(null, "create_disabled")).toBe("failed");
    expect(deliveryTransition("pending", "succeed")).toBe("succeeded");
    expect(deliveryTransition("pending", "fail_attempt")).toBe("retrying");
    expect(deliveryTransition("retrying", "fail_attempt")).toBe("retrying");
    expect(deliveryTransition("retrying", "succeed")).toBe("succeeded");
    expect(deliveryTransition("retrying", "exhaust")).toBe("failed");
    expect(deliveryTransition("pending", "abandon")).toBe("failed");
    expect(deliveryTransition("retrying", "abandon")).toBe("failed");
    expect(deliveryTransition("failed", "retry")).toBe("pending");
    expect(deliveryTransition("failed", "recover")).toBe("pending");
    for (const t of DELIVERY_LIFECYCLE.transitions) expect(deliveryTransition(t.from, t.on)).toBe(t.to);
  });

  it("refuses every other pair of state and event", () => {
    let refused = 0;
    for (const from of [null, ...DELIVERY_STATES]) {
      for (const on of EVENTS) {
        if (DELIVERY_LIFECYCLE.transitions.some((t) => t.from === from && t.on === on)) continue;
        expect(() => deliveryTransition(from, on)).toThrow(TransitionRefused);
        refused++;
      }
    }
    // 5 starting points × 8 events, less the 11 transitions
    expect(refused).toBe(29);
    expect(() => deliveryTransition("succeeded", "retry")).toThrow(
      'delivery: no transition on "retry" from "succeeded"',
    );
    // a first attempt never spends a cycle of five
    expect(() => deliveryTransition("pending", "exhaust")).toThrow(TransitionRefused);
    expect(() => deliveryTransition("pending", "recover")).toThrow(TransitionRefused);
  });

  it("derives retrying from a pending row's attempts, and stores it as pending", () => {
    expect(deliveryState({ status: "pending", attempts: 0 })).toBe("pending");
    expect(deliveryState({ status: "pending", attempts: 3 })).toBe("retrying");
    expect(deliveryState({ status: "failed", attempts: 5 })).toBe("failed");
    expect(deliveryState({ status: "succeeded", attempts: 1 })).toBe("succeeded");
    expect(deliveryStatesFor("abandon")).toEqual(["pending", "retrying"]);
    expect(deliveryStoredStatusesFor("abandon")).toEqual(["pending"]);
    expect(deliveryStoredStatusesFor("succeed")).toEqual(["pending"]);
    expect(deliveryStoredStatusesFor("retry")).toEqual(["failed"]);
    expect(deliveryStoredStatusesFor("create")).toEqual([]);
  });

  it("stores the DeliveryStatus enum of the schema", () => {
    const schema = readFileSync(join(__dirname, "../../../../prisma/schema.prisma"), "utf8");
    const body = /enum DeliveryStatus \{([\s\S]*?)\}/.exec(schema)?.[1] ?? "";
    const values = body
      .split("\n")
      .map((l) => l.trim())
      .filter((l) => l !== "" && !l.startsWith("//"));
    expect(values).toEqual([...DELIVERY_STORED_STATUSES]);
  });

  it("is drawn in the docs as its table says", () => {
    const diagram = mermaidDiagram(DELIVERY_LIFECYCLE);
    const text = readFileSync(join(__dirname, "../../../../docs/webhooks.md"), "utf8");
    const blocks = [...text.matchAll(/```mermaid\n([\s\S]*?)\n```/g)].map((m) => m[1]);
    expect(blocks.find((b) => b?.includes("--> retrying"))).toEqual(diagram);
  });
});
