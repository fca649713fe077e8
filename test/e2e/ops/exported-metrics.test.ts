// The dashboard and the alerts use only metrics the running apps export: the whole stack runs
// (API, chain worker on anvil, webhook worker), each /metrics is scraped, and every metric name in
// ops/grafana/ctxlog.json and ops/prometheus/alerts.yml must be among them.
import { randomBytes } from "node:crypto";
import type { AnvilInstance } from "@ctxlog/contracts/anvil";
import { type Scrape, scrapeMetrics, waitFor } from "@ctxlog/core/testing";
import { createApiKey } from "@ctxlog/db";
import { createTestDatabase, type TestDatabase } from "@ctxlog/db/testing";
import { deleteRedisPrefix, TEST_REDIS_URL } from "@ctxlog/jobs/testing";
import { dashboardExpressions, isExported, metricNames, readAlertRules, readDashboard } from "./ops-files";
import { callApi, type RunningApps, startApps, startChain } from "./stack";

// Series Prometheus itself adds to every scrape target.
const PROMETHEUS_SYNTHESIZED = new Set(["up"]);

let anvil: AnvilInstance;
let database: TestDatabase;
let apps: RunningApps;
const prefix = `ctxlog-test-${randomBytes(6).toString("hex")}`;

beforeAll(async () => {
  const chain = await startChain();
  anvil = chain.anvil;
  database = await createTestDatabase("ctxlog_ops_metrics_test");
  apps = await startApps({
    databaseUrl: database.url,
    redisUrl: TEST_REDIS_URL,
    redisPrefix: prefix,
    rpcUrl: anvil.rpcUrl,
    chainId: anvil.chainId,
    registryAddress: chain.registryAddress,
  });
}, 60_000);

afterAll(async () => {
  await apps?.stop();
  await deleteRedisPrefix(prefix);
  await database?.drop();
  await anvil?.stop();
});

describe("ops/grafana/ctxlog.json", () => {
  const dashboard = readDashboard();

  it("is a dashboard Grafana imports, with a Prometheus data source input", () => {
    expect(dashboard).toMatchObject({ title: "ctxlog", uid: expect.any(String), id: null });
    expect(dashboard.schemaVersion).toBeGreaterThanOrEqual(36);
    expect(dashboard.__inputs).toEqual([
      expect.objectContaining({ name: "DS_PROMETHEUS", type: "datasource", pluginId: "prometheus" }),
    ]);
    const panels = dashboard.panels as {
      id: number;
      type: string;
      title: string;
      datasource?: unknown;
      targets?: { expr: string; datasource: unknown }[];
    }[];
    expect(new Set(panels.map((p) => p.id)).size).toBe(panels.length);
    const rows = panels.filter((p) => p.type === "row").map((p) => p.title);
    expect(rows).toEqual([
      "API (apps/api)",
      "Chain worker (apps/chain-worker)",
      "Webhook worker (apps/webhook-worker)",
      "PostgreSQL and Redis (from ctxlog's own metrics)",
    ]);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: Grafana's import placeholder, not a template
    const datasource = { type: "prometheus", uid: "${DS_PROMETHEUS}" };
    for (const panel of panels.filter((p) => p.type !== "row")) {
      expect({ title: panel.title, datasource: panel.datasource }).toEqual({
        title: panel.title,
        datasource,
      });
      expect(panel.targets?.length).toBeGreaterThan(0);
      for (const target of panel.targets ?? []) expect(target.datasource).toEqual(datasource);
    }
  });
});

describe("metrics used by the dashboard and the alerts", () => {
  it("are all exported by the running apps", async () => {
    const { key } = await createApiKey(database.db, { userId: "ops-metrics", type: "full" });
    const created = await callApi(apps, key, "POST", "/v1/contexts", {
      agent_id: "ops",
      context_data: { step: 1 },
    });
    expect(created.status).toBe(202);
    // the chain worker's refreshed gauges appear once its first refresh ran
    const scrapes: Scrape[] = await waitFor(async () => {
      const all = await Promise.all(Object.values(apps.metricsUrls).map((url) => scrapeMetrics(url)));
      return all.every((s) => s.types.size > 0) &&
        all.some((s) => s.value("chain_signer_balance_ether") !== undefined)
        ? all
        : undefined;
    });
    const types = new Map(scrapes.flatMap((s) => [...s.types]));

    const used = new Map<string, string>();
    for (const rule of readAlertRules())
      for (const name of metricNames(rule.expr)) used.set(name, rule.alert);
    for (const expr of dashboardExpressions(readDashboard()))
      for (const name of metricNames(expr)) used.set(name, `dashboard: ${expr}`);
    expect(used.size).toBeGreaterThan(20);

    const missing = [...used].filter(
      ([name]) => !PROMETHEUS_SYNTHESIZED.has(name) && !isExported(name, types),
    );
    expect(missing).toEqual([]);
  }, 60_000);
});
