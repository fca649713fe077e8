import { isAppError, newId } from "@ctxlog/core";
import { type ListName, nextCursor, readCursor } from "./list-cursors";

const SIGNER = {
  validFrom: new Date("2026-01-02T03:04:05.678Z"),
  address: "0x52908400098527886E0F7030069857D2E4169EE7",
};
const issued: Record<ListName, string> = {
  contexts: nextCursor("contexts", newId("ctx")) as string,
  verifications: nextCursor("verifications", newId("vrf")) as string,
  webhooks: nextCursor("webhooks", newId("whk")) as string,
  deliveries: nextCursor("deliveries", newId("dlv")) as string,
  events: nextCursor("events", newId("evt")) as string,
  signers: nextCursor("signers", SIGNER) as string,
  accounts: nextCursor("accounts", newId("acc")) as string,
  keys: nextCursor("keys", newId("key")) as string,
  agents: nextCursor("agents", "planner-7") as string,
  traces: nextCursor("traces", newId("ctx")) as string,
  holds: nextCursor("holds", newId("hld")) as string,
};
const lists = Object.keys(issued) as ListName[];

function refusal(run: () => unknown) {
  try {
    run();
  } catch (err) {
    return isAppError(err) ? { code: err.code, message: err.message } : err;
  }
  return "accepted";
}

describe("list cursors", () => {
  it("no cursor is the first page; no next position is a null next_cursor", () => {
    for (const list of lists) {
      expect(readCursor(undefined, list)).toBeUndefined();
      expect(nextCursor(list, null)).toBeNull();
    }
  });

  it("every list reads back the position it issued", () => {
    const id = newId("ctx");
    expect(readCursor(nextCursor("contexts", id) ?? undefined, "contexts")).toBe(id);
    expect(readCursor(issued.signers, "signers")).toEqual(SIGNER);
  });

  it.each(lists)("a cursor issued by another list is the one 400 answer on %s", (list) => {
    for (const other of lists.filter((l) => l !== list)) {
      expect(refusal(() => readCursor(issued[other], list))).toEqual({
        code: "VALIDATION_ERROR",
        message: "cursor is not one this API issued.",
      });
    }
    expect(refusal(() => readCursor("not-a-cursor", list))).toEqual({
      code: "VALIDATION_ERROR",
      message: "cursor is not one this API issued.",
    });
  });

  it("signer cursors keep the format the signer list issued before (v, t, a)", () => {
    const before = Buffer.from(
      JSON.stringify({ v: 1, t: SIGNER.validFrom.toISOString(), a: SIGNER.address }),
      "utf8",
    ).toString("base64url");
    expect(issued.signers).toBe(before);
  });

  it("a signer cursor with a loose time, a short address or text after it is refused", () => {
    const cursor = (fields: object) => Buffer.from(JSON.stringify({ v: 1, ...fields })).toString("base64url");
    for (const fields of [
      { t: "2026-01-02T03:04:05Z", a: SIGNER.address },
      { t: SIGNER.validFrom.toISOString(), a: "0x1234" },
      { t: SIGNER.validFrom.toISOString(), a: `${SIGNER.address}' --` },
    ])
      expect(refusal(() => readCursor(cursor(fields), "signers"))).toMatchObject({
        code: "VALIDATION_ERROR",
      });
  });
});
