import { createIdGenerator, ID_PREFIXES, idFloor, idTimestamp, isId, newId } from "./ids";

const ULID_BODY = /^[0-9A-HJKMNP-TV-Z]{26}$/;

describe("newId", () => {
  it.each(ID_PREFIXES)("produces %s_ + a 26-char Crockford base32 ULID", (prefix) => {
    const id = newId(prefix);
    expect(id.startsWith(`${prefix}_`)).toBe(true);
    expect(id.slice(prefix.length + 1)).toMatch(ULID_BODY);
    expect(isId(id, prefix)).toBe(true);
  });

  it("encodes the current time in the first 10 characters", () => {
    const before = Date.now();
    const id = newId("ctx");
    const after = Date.now();
    const at = idTimestamp(id)?.getTime() ?? Number.NaN;
    expect(at).toBeGreaterThanOrEqual(before);
    expect(at).toBeLessThanOrEqual(after);
  });

  it("sorts as strings in creation order, including many ids within one millisecond", () => {
    const ids = Array.from({ length: 5000 }, () => newId("evt"));
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
  });

  it("rejects prefixes that would break the id format", () => {
    for (const bad of ["", "CTX", "ctx_", "c", "ctx-1", "a".repeat(17)]) {
      expect(() => newId(bad)).toThrow(TypeError);
    }
  });
});

describe("createIdGenerator", () => {
  const fixedRandom = (fill: number) => () => new Uint8Array(10).fill(fill);

  it("encodes a known time and randomness exactly", () => {
    // 1469918176385 ms is the example time from the ULID spec: 01ARYZ6S41.
    const gen = createIdGenerator({ now: () => 1469918176385, random: fixedRandom(0) });
    expect(gen("ctx")).toBe("ctx_01ARYZ6S410000000000000000");
  });

  it("increments the random part within one millisecond and when the clock steps back", () => {
    let now = 1_700_000_000_000;
    const gen = createIdGenerator({ now: () => now, random: fixedRandom(0) });
    const a = gen("ctx");
    const b = gen("ctx");
    now -= 5_000; // NTP step backwards
    const c = gen("ctx");
    expect(b.slice(-16)).toBe("0000000000000001");
    expect(c.slice(-16)).toBe("0000000000000002");
    expect(b.slice(4, 14)).toBe(a.slice(4, 14));
    expect(a < b && b < c).toBe(true);
  });

  it("moves to the next millisecond instead of wrapping when the random part is exhausted", () => {
    const gen = createIdGenerator({ now: () => 0, random: fixedRandom(0xff) });
    const a = gen("ctx");
    expect(a).toBe("ctx_0000000000ZZZZZZZZZZZZZZZZ");
    const b = gen("ctx");
    expect(b.slice(4, 14)).toBe("0000000001");
    expect(a < b).toBe(true);
  });

  it("refuses a clock outside the 48-bit range", () => {
    expect(() => createIdGenerator({ now: () => 2 ** 48, random: fixedRandom(0) })("ctx")).toThrow(
      RangeError,
    );
    expect(() => createIdGenerator({ now: () => -1, random: fixedRandom(0) })("ctx")).toThrow(RangeError);
  });
});

describe("isId / idTimestamp", () => {
  it("rejects look-alikes", () => {
    const id = newId("ctx");
    expect(isId(id, "evt")).toBe(false);
    expect(isId(id.toLowerCase())).toBe(false);
    expect(isId(`${id}\u0000`)).toBe(false);
    expect(isId(id.replace(/.$/, "U"))).toBe(false); // U is not Crockford
    expect(isId(42)).toBe(false);
    expect(idTimestamp("nope")).toBeNull();
    expect(idTimestamp("ctx_ZZZZZZZZZZ0000000000000000")).toBeNull(); // above 48 bits
  });
});

describe("idFloor", () => {
  it("sorts at or before every id created at that millisecond, after every earlier one", () => {
    const t = new Date("2026-11-26T12:00:00.000Z");
    const floor = idFloor("ctx", t);
    expect(isId(floor, "ctx")).toBe(true);
    expect(idTimestamp(floor)?.getTime()).toBe(t.getTime());
    const at = createIdGenerator({ now: () => t.getTime(), random: () => new Uint8Array(10).fill(0) })("ctx");
    const later = createIdGenerator({ now: () => t.getTime(), random: () => new Uint8Array(10).fill(255) })(
      "ctx",
    );
    const before = createIdGenerator({
      now: () => t.getTime() - 1,
      random: () => new Uint8Array(10).fill(255),
    })("ctx");
    expect(floor <= at && floor < later && before < floor).toBe(true);
  });
});
