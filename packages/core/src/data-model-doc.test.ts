// Unit (reads docs/data-model.md): the model page draws each lifecycle from its table, so a
// transition added to or taken from a table fails here until the page says so too.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ANCHOR_LIFECYCLE } from "./anchors/anchor-lifecycle";
import { CONTEXT_LIFECYCLE } from "./contexts/context-lifecycle";
import { HOLD_LIFECYCLE } from "./holds/hold-lifecycle";
import { mermaidDiagram } from "./lifecycle";
import { DELIVERY_LIFECYCLE } from "./webhooks/delivery-lifecycle";
import { ENDPOINT_LIFECYCLE } from "./webhooks/endpoint-lifecycle";

const page = readFileSync(join(__dirname, "../../../docs/data-model.md"), "utf8");
const diagrams = [...page.matchAll(/```mermaid\n([\s\S]*?)\n```/g)].map((m) => m[1]);

describe("docs/data-model.md", () => {
  it.each([
    ["a context", CONTEXT_LIFECYCLE],
    ["an anchor batch", ANCHOR_LIFECYCLE],
    ["a webhook delivery", DELIVERY_LIFECYCLE],
    ["a webhook endpoint", ENDPOINT_LIFECYCLE],
    ["a legal hold", HOLD_LIFECYCLE],
  ] as const)("draws %s from its table", (_name, lifecycle) => {
    expect(diagrams).toContain(mermaidDiagram(lifecycle as Parameters<typeof mermaidDiagram>[0]));
  });

  it("draws no lifecycle that is not a table's", () => {
    expect(diagrams).toHaveLength(5);
  });
});
