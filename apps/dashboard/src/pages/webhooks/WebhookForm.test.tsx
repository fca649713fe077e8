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

  it("offers a rate limit and a secret of one's own on creation, checked as the API checks them", async () => {
    const api = fetchDouble([
      { method: "GET", path: "/event-types", reply: () => ({ status: 200, body: { data: catalog } }) },
    ]);
    const submitted: WebhookInput[] = [];
    renderWithProviders(
      <WebhookForm
        submitLabel="Create webhook"
        offerSecret
        busy={false}
        error={null}
        onCancel={() => {}}
        onSubmit={(input) => submitted.push(input)}
      />,
      { fetch: api.fetch, session: SESSION },
    );
    await screen.findByLabelText("context.created");
    fireEvent.change(screen.getByLabelText(/URL/), { target: { value: "https://receiver.example/hooks" } });
    const create = screen.getByRole("button", { name: "Create webhook" }) as HTMLButtonElement;
    const rate = screen.getByLabelText(/^Rate limit/);
    const secret = screen.getByLabelText(/^Signing secret/);

    fireEvent.change(rate, { target: { value: "0" } });
    expect(await screen.findByText(/A whole number of deliveries per second from 1 to 10,000/)).toBeTruthy();
    expect(create.disabled).toBe(true);
    fireEvent.change(rate, { target: { value: "50" } });
    fireEvent.change(secret, { target: { value: "too short" } });
    expect(
      screen.getByText(/^Use whsec_<base64> or 32–256 printable ASCII characters without spaces/),
    ).toBeTruthy();
    expect(create.disabled).toBe(true);
    fireEvent.change(secret, { target: { value: "whsec_AAAA" } });
    expect(
      screen.getByText(/^A secret starting with whsec_ must be followed by the canonical base64/),
    ).toBeTruthy();
    const own = `whsec_${Buffer.alloc(32, 9).toString("base64")}`;
    fireEvent.change(secret, { target: { value: own } });
    expect(create.disabled).toBe(false);
    fireEvent.click(create);
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]).toMatchObject({ rate_limit: 50, secret: own });

    // both stay optional: left empty, neither is sent (a secret is generated, no limit applies)
    fireEvent.change(rate, { target: { value: "" } });
    fireEvent.change(secret, { target: { value: "" } });
    fireEvent.click(create);
    await waitFor(() => expect(submitted).toHaveLength(2));
    expect(submitted[1]).not.toHaveProperty("rate_limit");
    expect(submitted[1]).not.toHaveProperty("secret");
  });

  it("edits the rate limit, never the secret; clearing the limit removes it", async () => {
    const api = fetchDouble([
      { method: "GET", path: "/event-types", reply: () => ({ status: 200, body: { data: catalog } }) },
    ]);
    let submitted: WebhookInput | undefined;
    renderWithProviders(
      <WebhookForm
        initial={{ url: "https://r.example/h", events: ["context.erased"], description: "", rate_limit: 20 }}
        submitLabel="Save"
        busy={false}
        error={null}
        onCancel={() => {}}
        onSubmit={(input) => {
          submitted = input;
        }}
      />,
      { fetch: api.fetch, session: SESSION },
    );
    const rate = (await screen.findByLabelText(/^Rate limit/)) as HTMLInputElement;
    expect(rate.value).toBe("20");
    expect(screen.queryByLabelText(/^Signing secret/)).toBeNull();
    fireEvent.change(rate, { target: { value: "" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(submitted).toBeDefined());
    expect(submitted?.rate_limit).toBeNull();
  });
});
