import { isTlogError, TlogError } from "./errors";

describe("TlogError", () => {
  it("carries a reason, a short message, details in the message, and its cause", () => {
    const cause = new TypeError("inner");
    const error = new TlogError("malformed", "bad thing", { details: "at byte 3", cause });
    expect(error.message).toBe("bad thing\n\nDetails: at byte 3");
    expect(error.shortMessage).toBe("bad thing");
    expect(error.cause).toBe(cause);
    expect(error.walk()).toBe(cause);
    expect(error.walk((e) => e instanceof TlogError)).toBe(error);
    expect(error.walk((e) => e instanceof RangeError)).toBeNull();
    expect(isTlogError(error)).toBe(true);
    expect(isTlogError(error, "too_large")).toBe(false);
    expect("cause" in new TlogError("malformed", "x")).toBe(false);
  });
});
