// Some data of every kind, made through the API by a signed-in session (as the dashboard would),
// and every page of the dashboard with what shows it has its data: for the accessibility scan and
// the screenshots.
import { randomBytes } from "node:crypto";
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
  /** the root span of an OTLP agent run of planner-7: its page draws the trace */
  traceContextId: string;
  /** the transaction anchoring that run (several contexts: the search lists them) */
  transactionHash: string;
}

async function json<T = Record<string, unknown>>(
  response: Awaited<ReturnType<SessionApi["get"]>>,
): Promise<T> {
  if (!response.ok()) throw new Error(`${response.url()}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

export async function seedDashboard(api: SessionApi, receiverUrl: string, email: string): Promise<Seeded> {
  const { key } = await json<{ key: string }>(await api.post("/keys", { type: "full", name: "ingest" }));
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
  await sendAgentRun(api.origin, key);
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
  const traces = await json<{ data: Array<{ root_context_id: string }> }>(
    await api.get("/agents/planner-7/traces"),
  );
  const traceContextId = traces.data[0]?.root_context_id as string;
  const root = await json<{ transaction_hash: string }>(await api.get(`/contexts/${traceContextId}`));
  return {
    traceContextId,
    transactionHash: root.transaction_hash,
    email,
    contextId,
    webhookId: webhook.webhook_id,
    deliveryId,
    verificationId: verification.verification_id,
  };
}

/** An OTLP/JSON export of an agent run of planner-7: invoke_agent → chat → execute_tool. */
async function sendAgentRun(origin: string, key: string) {
  const hex = (n: number, width: number) => n.toString(16).padStart(width, "0");
  const traceId = randomBytes(16).toString("hex");
  const t0 = BigInt(Date.now()) * 1_000_000n;
  const span = (n: number, name: string, ms: [number, number], model?: string) => ({
    traceId,
    spanId: hex(n, 16),
    ...(n > 1 ? { parentSpanId: hex(n - 1, 16) } : {}),
    name,
    kind: 1,
    startTimeUnixNano: String(t0 + BigInt(ms[0]) * 1_000_000n),
    endTimeUnixNano: String(t0 + BigInt(ms[1]) * 1_000_000n),
    attributes: model
      ? [
          { key: "gen_ai.operation.name", value: { stringValue: "chat" } },
          { key: "gen_ai.request.model", value: { stringValue: model } },
        ]
      : [],
    status: { code: 1 },
  });
  const res = await fetch(`${origin}/v1/otel/v1/traces`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify({
      resourceSpans: [
        {
          resource: { attributes: [{ key: "ctxlog.agent_id", value: { stringValue: "planner-7" } }] },
          scopeSpans: [
            {
              scope: { name: "seed" },
              spans: [
                span(1, "invoke_agent planner", [0, 2400]),
                span(2, "chat gpt-4o", [120, 1300], "gpt-4o"),
                span(3, "execute_tool search", [1350, 2200]),
              ],
            },
          ],
        },
      ],
    }),
  });
  if (res.status !== 200) throw new Error(`OTLP export: ${res.status} ${await res.text()}`);
}

export interface DashboardPage {
  /** also the screenshot's file name */
  name: string;
  path: string;
  /** resolves once the page shows its data */
  ready(page: Page): Promise<void>;
  /** what the screenshot is of, when it is below the fold: scrolled into view first */
  photograph?: (page: Page) => Promise<void>;
}

const heading = (name: string | RegExp) => (page: Page) =>
  page.getByRole("heading", { name, level: 1 }).waitFor();
const text = (value: string | RegExp) => (page: Page) =>
  page.getByText(value, { exact: true }).first().waitFor();
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
      ready: both(
        heading("Agent planner-7"),
        text("Export the log (NDJSON)"),
        text(/^Entries \d+ to 1 shown, of \d+\.$/),
        text("invoke_agent planner"),
      ),
    },
    {
      name: "trace",
      path: `/contexts/${seeded.traceContextId}`,
      ready: both(heading(`Context ${seeded.traceContextId}`), (p) =>
        p
          .getByRole("list", { name: "Spans of the trace" })
          .getByText("execute_tool search")
          .first()
          .waitFor(),
      ),
      // the tree's section at the top of the picture
      photograph: (p) =>
        p
          .getByRole("list", { name: "Spans of the trace" })
          .evaluate((el) => (el.closest(".mantine-Paper-root") ?? el).scrollIntoView({ block: "start" })),
    },
    {
      name: "search",
      path: `/search?q=${seeded.transactionHash}`,
      ready: both(heading("Search"), (p) =>
        p.getByRole("link", { name: `context ${seeded.traceContextId}` }).waitFor(),
      ),
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
      // headed by the endpoint's URL
      ready: both(heading(/^http:\/\/.+\/ctxlog$/), (p) =>
        p.getByRole("link", { name: deliveryId }).waitFor(),
      ),
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
