import { eventIdBounds } from "./event-id-bounds";

describe("eventIdBounds", () => {
  it("spans the event ids given", () => {
    const ids = [
      "evt_01KB2Z00000000000000000002",
      "evt_01KB2Y00000000000000000001",
      "evt_01KB3000000000000000000003",
    ];
    expect(eventIdBounds(ids.map((eventId) => ({ eventId })))).toEqual({ lo: ids[1], hi: ids[2] });
  });

  it("takes every id when one is missing, or when there is none", () => {
    const all = { lo: "", hi: "~" };
    expect(eventIdBounds([{ eventId: "evt_01KB2Z00000000000000000002" }, {}])).toEqual(all);
    expect(eventIdBounds([])).toEqual(all);
    // "~" sorts after every character an event id holds
    expect("evt_ZZZZZZZZZZZZZZZZZZZZZZZZZZ" < all.hi).toBe(true);
  });
});
