import { z } from "zod";
import { newId } from "./ids";
import { type CursorShape, decodeCursor, encodeCursor, idCursor } from "./pagination";

const b64url = (text: string) => Buffer.from(text, "utf8").toString("base64url");
const CTX = "ctx_01ARYZ6S41TSV4RRFFQ69G5FAV";
const contexts = idCursor("ctx");

// A composite position, the way a list ordered by (time desc, key) pages.
type Position = { at: Date; key: string };
const composite: CursorShape<Position> = {
  write: (p) => ({ t: p.at.toISOString(), k: p.key }),
  read: z
    .strictObject({ t: z.iso.datetime(), k: z.string().regex(/^[a-z]{1,8}$/) })
    .transform((f) => ({ at: new Date(f.t), key: f.k })),
};
const AT = new Date("2026-01-02T03:04:05.678Z");

describe("id cursors", () => {
  it("round-trips an id through an opaque URL-safe string", () => {
    const id = newId("ctx");
    const cursor = encodeCursor(contexts, id);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(cursor).not.toContain(id);
    expect(decodeCursor(contexts, cursor)).toBe(id);
  });

  it("keeps version 1's format, so cursors issued before this codec still decode", () => {
    const id = newId("whk");
    const issuedBefore = Buffer.from(JSON.stringify({ v: 1, id }), "utf8").toString("base64url");
    expect(encodeCursor(idCursor("whk"), id)).toBe(issuedBefore);
    expect(decodeCursor(idCursor("whk"), issuedBefore)).toBe(id);
  });

  it("refuses to encode something that is not an id of its list", () => {
    expect(() => encodeCursor(contexts, "not an id")).toThrow(TypeError);
    expect(() => encodeCursor(contexts, newId("whk"))).toThrow(TypeError);
  });

  it("refuses another list's cursor", () => {
    expect(decodeCursor(idCursor("whk"), encodeCursor(contexts, CTX))).toBeNull();
    expect(decodeCursor(contexts, encodeCursor(composite, { at: AT, key: "abc" }))).toBeNull();
  });

  it.each([
    ["empty", ""],
    ["not base64url", "abc$%^"],
    ["standard base64 alphabet", `${encodeCursor(contexts, CTX).slice(0, -2)}+/`],
    ["standard base64 padding", `${encodeCursor(contexts, CTX)}=`],
    ["not JSON", b64url("hello")],
    ["JSON but not an object", b64url(`"${CTX}"`)],
    ["an array", b64url(`[1,"${CTX}"]`)],
    ["null", b64url("null")],
    ["unknown version", b64url(`{"v":2,"id":"${CTX}"}`)],
    ["version as text", b64url(`{"v":"1","id":"${CTX}"}`)],
    ["missing version", b64url(`{"id":"${CTX}"}`)],
    ["missing id", b64url('{"v":1}')],
    ["id with a NUL byte", b64url('{"v":1,"id":"ctx_\\u0000"}')],
    ["SQL in the id", b64url(`{"v":1,"id":"' OR 1=1 --"}`)],
    ["non-string id", b64url('{"v":1,"id":42}')],
    ["re-ordered fields", b64url(`{"id":"${CTX}","v":1}`)],
    ["extra field", b64url(`{"v":1,"id":"${CTX}","x":1}`)],
    ["a __proto__ field", b64url(`{"v":1,"id":"${CTX}","__proto__":{"x":1}}`)],
    ["duplicated field", b64url(`{"v":1,"id":"ctx_01ARYZ6S41TSV4RRFFQ69G5FAW","id":"${CTX}"}`)],
    ["whitespace", b64url(`{"v":1, "id":"${CTX}"}`)],
    ["escaped characters", b64url(`{"v":1,"id":"ctx\\u005f01ARYZ6S41TSV4RRFFQ69G5FAV"}`)],
    ["huge", "A".repeat(100_000)],
    ["just over the length limit", b64url(`{"v":1,"id":"${CTX}","pad":"${"x".repeat(200)}"}`)],
  ])("decodes garbage to null, never throwing: %s", (_label, cursor) => {
    expect(decodeCursor(contexts, cursor)).toBeNull();
  });

  it("returns null for non-string input from an unchecked query", () => {
    expect(decodeCursor(contexts, ["a"])).toBeNull();
    expect(decodeCursor(contexts, undefined)).toBeNull();
    expect(decodeCursor(contexts, 42)).toBeNull();
  });
});

describe("composite cursors", () => {
  it("round-trips a typed position", () => {
    const cursor = encodeCursor(composite, { at: AT, key: "abc" });
    expect(JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"))).toEqual({
      v: 1,
      t: "2026-01-02T03:04:05.678Z",
      k: "abc",
    });
    expect(decodeCursor(composite, cursor)).toEqual({ at: AT, key: "abc" });
  });

  it("refuses other spellings of the same bytes (unused trailing bits)", () => {
    const cursor = encodeCursor(composite, { at: AT, key: "a" }); // 2 bytes over a multiple of 3
    expect(cursor.length % 4).toBe(2);
    const variants = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
      .split("")
      .map((c) => cursor.slice(0, -1) + c);
    const decoding = variants.filter((v) => decodeCursor(composite, v) !== null);
    expect(decoding).toEqual([cursor]);
  });

  it("refuses to encode a position its own reader would refuse, or one that shadows the version", () => {
    expect(() => encodeCursor(composite, { at: AT, key: "NOT OK" })).toThrow(TypeError);
    const shadowing: CursorShape<string> = {
      write: (s) => ({ v: s }),
      read: z.strictObject({ v: z.string() }).transform((f) => f.v),
    };
    expect(() => encodeCursor(shadowing, "2")).toThrow(TypeError);
  });

  it.each([
    ["a time without milliseconds", b64url('{"v":1,"t":"2026-01-02T03:04:05Z","k":"abc"}')],
    ["a time with an offset", b64url('{"v":1,"t":"2026-01-02T03:04:05.678+00:00","k":"abc"}')],
    ["an impossible time", b64url('{"v":1,"t":"2026-13-45T03:04:05.678Z","k":"abc"}')],
    ["a key with SQL", b64url(`{"v":1,"t":"2026-01-02T03:04:05.678Z","k":"a' --"}`)],
    ["a missing field", b64url('{"v":1,"t":"2026-01-02T03:04:05.678Z"}')],
    ["re-ordered fields", b64url('{"v":1,"k":"abc","t":"2026-01-02T03:04:05.678Z"}')],
    ["an extra field", b64url('{"v":1,"t":"2026-01-02T03:04:05.678Z","k":"abc","x":"y"}')],
    ["an id cursor", encodeCursor(contexts, CTX)],
  ])("refuses %s", (_label, cursor) => {
    expect(decodeCursor(composite, cursor)).toBeNull();
  });
});
