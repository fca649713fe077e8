/** @jest-environment ./apps/dashboard/src/testing/jsdom-environment.js */
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { fetchDouble } from "../../testing/fetch-double";
import { renderWithProviders, SESSION } from "../../testing/render";
import type { WebhookInput } from "./use-webhooks";
import { WebhookForm } from "./WebhookForm";

// The catalog decides which events a webhook can subscribe to: a type the API adds (here one that
// does not exist yet) appears without a change to the console.
const catalog = ["context.created", "context.erased", "agent.imagined"].map((type) => ({
  type,
  summary: `${type} happened`,
  sample: {},
  schema: {},
}));

describe("the webhook form", () => {
  it("offers every event type of the catalog, all of them ticked for a new endpoint", async () => {
    const api = fetchDouble([
      { method: "GET", path: "/event-types", reply: () => ({ status: 200, body: { data: catalog } }) },
    ]);
    let submitted: WebhookInput | undefined;
    renderWithProviders(
      <WebhookForm
        submitLabel="Create webhook"
        busy={false}
        error={null}
        onCancel={() => {}}
        onSubmit={(input) => {
          submitted = input;
        }}
      />,
      { fetch: api.fetch, session: SESSION },
    );
    for (const { type } of catalog) {
      const box = (await screen.findByLabelText(type)) as HTMLInputElement;
      expect(box.checked).toBe(true);
    }
    fireEvent.change(screen.getByLabelText(/URL/), { target: { value: "https://receiver.example/hooks" } });
    fireEvent.click(screen.getByLabelText("agent.imagined"));
    fireEvent.click(screen.getByRole("button", { name: "Create webhook" }));
    await waitFor(() => expect(submitted).toBeDefined());
    expect(submitted?.events).toEqual(["context.created", "context.erased"]);
  });

  it("keeps an endpoint's own events when editing", async () => {
    const api = fetchDouble([
      { method: "GET", path: "/event-types", reply: () => ({ status: 200, body: { data: catalog } }) },
    ]);
    renderWithProviders(
      <WebhookForm
        initial={{ url: "https://receiver.example/hooks", events: ["context.erased"], description: "" }}
        submitLabel="Save"
        busy={false}
        error={null}
        onCancel={() => {}}
        onSubmit={() => {}}
      />,
      { fetch: api.fetch, session: SESSION },
    );
    expect(((await screen.findByLabelText("context.erased")) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText("context.created") as HTMLInputElement).checked).toBe(false);
  });
});
