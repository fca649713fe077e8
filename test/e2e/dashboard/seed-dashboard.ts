// Some data of every kind, made through the API by a signed-in session (as the dashboard would),
// and every page of the dashboard with what shows it has its data: for the accessibility scan and
// the screenshots.
import { waitFor } from "@ctxlog/core/testing";
import type { Page } from "playwright-core";
import type { SessionApi } from "./session-api";

export interface Seeded {
  /** the signed-in person's */
  email: string;
  contextId: string;
  webhookId: string;
  deliveryId: string;
  verificationId: string;
}

async function json<T = Record<string, unknown>>(
  response: Awaited<ReturnType<SessionApi["get"]>>,
): Promise<T> {
  if (!response.ok()) throw new Error(`${response.url()}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

export async function seedDashboard(api: SessionApi, receiverUrl: string, email: string): Promise<Seeded> {
  await json(await api.post("/keys", { type: "full", name: "ingest" }));
  await json(
    await api.post("/keys", { type: "restricted", name: "planners", agent_patterns: ["planner-*"] }),
  );
  await json(await api.post("/keys", { type: "read_only", name: "reports", expires_in_days: 90 }));
  const webhook = await json<{ webhook_id: string }>(
    await api.post("/webhooks", {
      url: `${receiverUrl}/ctxlog`,
      events: ["context.created", "context.confirmed", "context.failed"],
      description: "audit trail",
    }),
  );
  const ids: string[] = [];
  for (const [agent, data] of [
    ["planner-7", { task: "summarize", steps: 3 }],
    ["planner-7", { task: "plan", goal: "ship the release", steps: ["build", "test", "deploy"] }],
    ["retriever-2", { query: "quarterly revenue", documents: 12 }],
    ["summarizer-1", { source: "meeting-notes.md", words: 840 }],
  ] as const) {
    const created = await json<{ context_id: string }>(
      await api.post("/contexts", { agent_id: agent, context_data: data, metadata: { run: 42 } }),
    );
    ids.push(created.context_id);
  }
  const contextId = ids[0] as string;
  await waitFor(
    async () => {
      const list = await json<{ data: Array<{ status: string }> }>(await api.get("/contexts?limit=100"));
      return list.data.every((c) => c.status === "confirmed");
    },
    { timeout: 60_000, interval: 250, what: "the seeded contexts confirmed" },
  );
  await json(await api.post(`/webhooks/${webhook.webhook_id}/test`, { event: "context.created" }));
  const deliveryId = await waitFor(
    async () => {
      const list = await json<{ data: Array<{ delivery_id: string; status: string; event: string }> }>(
        await api.get(`/webhooks/${webhook.webhook_id}/deliveries?limit=100`),
      );
      return list.data.length > 0 && list.data.every((d) => d.status !== "pending")
        ? list.data[0]?.delivery_id
        : undefined;
    },
    { timeout: 30_000, interval: 250, what: "the seeded deliveries attempted" },
  );
  const verification = await json<{ verification_id: string }>(
    await api.post("/verifications", { context_id: contextId }),
  );
  return {
    email,
    contextId,
    webhookId: webhook.webhook_id,
    deliveryId,
    verificationId: verification.verification_id,
  };
}

export interface DashboardPage {
  /** also the screenshot's file name */
  name: string;
  path: string;
  /** resolves once the page shows its data */
  ready(page: Page): Promise<void>;
}

const heading = (name: string | RegExp) => (page: Page) =>
  page.getByRole("heading", { name, level: 1 }).waitFor();
const text = (value: string) => (page: Page) => page.getByText(value, { exact: true }).first().waitFor();
const both =
  (...steps: Array<(page: Page) => Promise<void>>) =>
  async (page: Page) => {
    for (const step of steps) await step(page);
  };

export function dashboardPages(seeded: Seeded): DashboardPage[] {
  const { contextId, webhookId, deliveryId, verificationId } = seeded;
  return [
    {
      name: "overview",
      path: "/",
      ready: both(heading("Overview"), text("Head block"), (p) =>
        p.locator(".uplot canvas").first().waitFor(),
      ),
    },
    { name: "keys", path: "/keys", ready: both(heading("API keys"), text("planners")) },
    { name: "contexts", path: "/contexts", ready: both(heading("Contexts"), text("retriever-2")) },
    {
      name: "context",
      path: `/contexts/${contextId}`,
      ready: both(heading(`Context ${contextId}`), text("Timeline"), text("confirmed")),
    },
    { name: "agents", path: "/agents", ready: both(heading("Agents"), text("planner-7")) },
    {
      name: "agent",
      path: "/agents/planner-7",
      ready: both(heading("Agent planner-7"), text("Export the log (NDJSON)"), text("Entries 1 to")),
    },
    { name: "events", path: "/events", ready: both(heading("Events"), text("Deliveries:")) },
    {
      name: "event-types",
      path: "/events/types",
      ready: both(heading("Event catalog"), text("context.failed")),
    },
    { name: "webhooks", path: "/webhooks", ready: both(heading("Webhooks"), text("audit trail")) },
    {
      name: "webhook",
      path: `/webhooks/${webhookId}`,
      ready: both(heading("Webhook"), (p) => p.getByRole("link", { name: deliveryId }).waitFor()),
    },
    {
      name: "delivery",
      path: `/webhooks/${webhookId}/deliveries/${deliveryId}`,
      ready: both(heading(`Delivery ${deliveryId}`), text("Attempts")),
    },
    {
      name: "verifications",
      path: "/verifications",
      ready: both(heading("Verifications"), (p) =>
        p.getByRole("link", { name: verificationId }).first().waitFor(),
      ),
    },
    {
      name: "verification",
      path: `/verifications/${verificationId}`,
      ready: both(heading(`Verification ${verificationId}`), text("confirmations")),
    },
    {
      name: "signers",
      path: "/signers",
      ready: both(heading("Signers"), (p) =>
        p
          .getByText(/^0x[0-9a-fA-F]{40}$/)
          .first()
          .waitFor(),
      ),
    },
    {
      name: "account",
      path: "/account",
      // a table cell on a desktop, a card's field on a phone
      ready: both(heading("Account"), (p) => p.getByRole("main").getByText(seeded.email).first().waitFor()),
    },
  ];
}
