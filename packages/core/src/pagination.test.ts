import { newId } from "./ids";
import { decodeCursor, encodeCursor } from "./pagination";

const b64url = (text: string) => Buffer.from(text, "utf8").toString("base64url");

describe("cursors", () => {
  it("round-trips an id through an opaque URL-safe string", () => {
    const id = newId("ctx");
    const cursor = encodeCursor(id);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(cursor).not.toContain(id);
    expect(decodeCursor(cursor)).toBe(id);
  });

  it("is a versioned JSON document inside", () => {
    const id = newId("whk");
    expect(JSON.parse(Buffer.from(encodeCursor(id), "base64url").toString("utf8"))).toEqual({ v: 1, id });
  });

  it("refuses to encode something that is not an id", () => {
    expect(() => encodeCursor("not an id")).toThrow(TypeError);
  });

  it.each([
    ["empty", ""],
    ["not base64url", "abc$%^"],
    ["standard base64 padding", `${encodeCursor("ctx_01ARYZ6S41TSV4RRFFQ69G5FAV")}=`],
    ["not JSON", b64url("hello")],
    ["JSON but not an object", b64url('"ctx_01ARYZ6S41TSV4RRFFQ69G5FAV"')],
    ["null", b64url("null")],
    ["unknown version", b64url('{"v":2,"id":"ctx_01ARYZ6S41TSV4RRFFQ69G5FAV"}')],
    ["missing id", b64url('{"v":1}')],
    ["id with a NUL byte", b64url('{"v":1,"id":"ctx_\\u0000"}')],
    ["SQL in the id", b64url(`{"v":1,"id":"' OR 1=1 --"}`)],
    ["non-string id", b64url('{"v":1,"id":42}')],
    ["re-ordered fields", b64url('{"id":"ctx_01ARYZ6S41TSV4RRFFQ69G5FAV","v":1}')],
    ["extra field", b64url('{"v":1,"id":"ctx_01ARYZ6S41TSV4RRFFQ69G5FAV","x":1}')],
    ["huge", "A".repeat(100_000)],
  ])("decodes garbage to null, never throwing: %s", (_label, cursor) => {
    expect(decodeCursor(cursor)).toBeNull();
  });

  it("returns null for non-string input from an unchecked query", () => {
    expect(decodeCursor(["a"] as unknown as string)).toBeNull();
    expect(decodeCursor(undefined as unknown as string)).toBeNull();
  });
});
