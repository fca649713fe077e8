// The SDK's list of webhook event names is checked against the API's OpenAPI document (the event
// catalog's enum), so a type the API adds fails here until the SDK knows it.
import path from "node:path";
import { WEBHOOK_EVENT_NAMES } from "./types";

const openapi = require(path.resolve(__dirname, "../../../apps/api/openapi.json"));

it("WEBHOOK_EVENT_NAMES is the API's list of event types", () => {
  const events = openapi.components.schemas.CreateWebhookRequest.properties.events.items.enum;
  expect([...WEBHOOK_EVENT_NAMES].sort()).toEqual([...events].sort());
});
