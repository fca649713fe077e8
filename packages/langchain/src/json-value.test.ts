import { Document } from "@langchain/core/documents";
import { AIMessage, HumanMessage, ToolMessage } from "@langchain/core/messages";
import { errorJson, toJsonValue, wellFormed } from "./json-value";

describe("toJsonValue", () => {
  it("gives messages as their role, content, tool calls and ids", () => {
    const messages = [
      new HumanMessage("(2+3)*4?"),
      new AIMessage({ content: "", tool_calls: [{ name: "add", args: { a: 2, b: 3 }, id: "call_1" }] }),
      new ToolMessage({ content: "5", tool_call_id: "call_1", name: "add", status: "success" }),
    ];
    expect(toJsonValue(messages)).toEqual([
      { type: "human", content: "(2+3)*4?" },
      {
        type: "ai",
        content: "",
        tool_calls: [{ name: "add", args: { a: 2, b: 3 }, id: "call_1" }],
      },
      { type: "tool", content: "5", name: "add", tool_call_id: "call_1", status: "success" },
    ]);
  });

  it("gives documents as page_content and metadata", () => {
    const doc = new Document({ pageContent: "ctxlog anchors", metadata: { source: "a.md" } });
    expect(toJsonValue([doc])).toEqual([{ page_content: "ctxlog anchors", metadata: { source: "a.md" } }]);
  });

  it("turns what JSON cannot hold into what the API accepts", () => {
    const cyclic: Record<string, unknown> = { n: 1 };
    cyclic.self = cyclic;
    const shared = { x: 1 };
    const value = {
      big: 12n,
      nan: Number.NaN,
      when: new Date("2026-01-02T03:04:05.000Z"),
      fn: () => 1,
      gone: undefined,
      cyclic,
      pair: [shared, shared],
      map: new Map([["k", 1]]),
      set: new Set([1, 2]),
      bytes: new Uint8Array(3),
      error: new Error("boom"),
      nul: "a\u0000b",
      lone: "x\uD800y",
      pairOk: "😀",
    };
    const out = toJsonValue(value) as Record<string, unknown>;
    expect(out).toEqual({
      big: "12",
      nan: "NaN",
      when: "2026-01-02T03:04:05.000Z",
      gone: null,
      cyclic: { n: 1, self: "[circular]" },
      pair: [{ x: 1 }, { x: 1 }],
      map: { k: 1 },
      set: [1, 2],
      bytes: "[3 bytes]",
      error: { name: "Error", message: "boom" },
      nul: "a\uFFFDb",
      lone: "x\uFFFDy",
      pairOk: "😀",
    });
    expect(JSON.parse(JSON.stringify(out))).toEqual(out);
  });

  it("drops __proto__ keys and bounds depth and width", () => {
    const evil = JSON.parse('{"__proto__": {"polluted": true}, "ok": 1}');
    expect(toJsonValue(evil)).toEqual({ ok: 1 });
    let deep: unknown = "bottom";
    for (let i = 0; i < 40; i++) deep = { d: deep };
    const text = JSON.stringify(toJsonValue(deep));
    expect(text).toContain("[depth limit]");
    expect(text).not.toContain("bottom");
    const wide = toJsonValue(Array.from({ length: 1005 }, (_, i) => i)) as unknown[];
    expect(wide).toHaveLength(1001);
    expect(wide.at(-1)).toBe("[5 more items]");
  });

  it("describes a value whose getter throws instead of failing", () => {
    const odd = {
      get boom(): never {
        throw new Error("no read");
      },
    };
    expect(toJsonValue({ odd })).toEqual({ odd: "[unreadable: no read]" });
  });
});

it("errorJson keeps name, message and the cause's", () => {
  const error = new TypeError("outer", { cause: new RangeError("inner") });
  expect(errorJson(error)).toEqual({
    name: "TypeError",
    message: "outer",
    cause: { name: "RangeError", message: "inner" },
  });
  expect(errorJson("plain")).toEqual({ name: "Error", message: "plain" });
  expect(wellFormed("ok")).toBe("ok");
});
