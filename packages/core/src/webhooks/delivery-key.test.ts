import { newId } from "../ids";
import { deliveryIdOf, deliveryKeyText, eventIdOfDelivery } from "./delivery-key";

describe("a delivery's key and public id", () => {
  it("names a delivery by its event's ULID as dlv_, and back", () => {
    const eventId = newId("evt");
    const id = deliveryIdOf(eventId);
    expect(id).toBe(`dlv_${eventId.slice(4)}`);
    expect(eventIdOfDelivery(id)).toBe(eventId);
  });

  it("refuses what is not an event id, and reads no event from what is not a delivery id", () => {
    expect(() => deliveryIdOf("ctx_01JAZ0YQ8T9X2V3W4B5C6D7E8F")).toThrow(/not an event id/);
    expect(() => deliveryIdOf("evt_1")).toThrow(/not an event id/);
    for (const bad of [
      "evt_01JAZ0YQ8T9X2V3W4B5C6D7E8F",
      "dlv_",
      "dlv_01JAZ0YQ8T9X2V3W4B5C6D7E8",
      "dlv_01JAZ0YQ8T9X2V3W4B5C6D7E8F\0",
    ])
      expect(eventIdOfDelivery(bad)).toBeNull();
  });

  it("writes the key as event and webhook, one string with neither a colon nor an ambiguity", () => {
    const key = { eventId: "evt_01JAZ0YQ8T9X2V3W4B5C6D7E8F", webhookId: "whk_01JAZ0YQ8T9X2V3W4B5C6D7E8G" };
    expect(deliveryKeyText(key)).toBe("evt_01JAZ0YQ8T9X2V3W4B5C6D7E8F.whk_01JAZ0YQ8T9X2V3W4B5C6D7E8G");
    expect(deliveryKeyText(key)).not.toContain(":");
  });
});
