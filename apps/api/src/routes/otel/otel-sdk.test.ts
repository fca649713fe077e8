// End to end with the real OpenTelemetry SDK: its OTLP exporters (protobuf and JSON), configured
// only through the standard OTEL_* variables, export an agent run to the real API on loopback
// (real PostgreSQL and Redis); the spans' contexts are anchored on a real anvil the way the chain
// worker anchors them, and a span's proof bundle passes the `ctxlog verify` command.

import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { readContexts } from "@ctxlog/db/testing";
import { privateKeyToAccount } from "viem/accounts";
import { type ChainFixture, SUBMITTER_KEY, startChainFixture } from "../../testing/chain-fixture";
import {
  bearer,
  createTestHarness,
  TEST_ATTESTATION_KEY,
  type Tenant,
  type TestHarness,
} from "../../testing/harness";

const AGENT = path.join(__dirname, "..", "..", "testing", "otel-agent-run.js");
const CLI = path.join(__dirname, "..", "..", "..", "..", "..", "packages", "sdk", "bin", "ctxlog.js");

let chain: ChainFixture;
let h: TestHarness;
let t: Tenant;
let server: Server;
let endpoint: string;
let dir: string;

beforeAll(async () => {
  chain = await startChainFixture({ confirmations: 2 });
  h = await createTestHarness(chain.env);
  t = await h.tenant({ agents: ["weather-*"] });
  server = h.app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/otel`;
  dir = mkdtempSync(path.join(tmpdir(), "ctxlog-otel-"));
}, 60_000);
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await h?.close();
  await chain?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const otelEnv = (key: string, extra: Record<string, string> = {}) => ({
  OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
  OTEL_EXPORTER_OTLP_HEADERS: `Authorization=Bearer ${key}`,
  OTEL_EXPORTER_OTLP_COMPRESSION: "gzip",
  OTEL_SERVICE_NAME: "weather-service",
  OTEL_RESOURCE_ATTRIBUTES: "ctxlog.agent_id=weather-agent,deployment.environment=test",
  ...extra,
});

interface AgentRun {
  traceId: string;
  /** each export's ExportResultCode (0 SUCCESS, 1 FAILED) and error */
  results: { code: number; error?: string; status?: number }[];
  /** what the SDK's diag logger reported (partial success, failures) */
  warnings: string[];
}

/**
 * Runs the instrumented agent (testing/otel-agent-run.js) in a process whose environment holds
 * only the OTEL_* variables given (and PATH): `then` re-exports the same spans with another exporter.
 */
function runAgent(exporter: "proto" | "http", env: Record<string, string>, then: string[] = []) {
  return new Promise<AgentRun>((resolve, reject) => {
    execFile(
      process.execPath,
      [AGENT, exporter, ...then],
      { env: { PATH: process.env.PATH ?? "", ...env }, timeout: 60_000 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`agent run failed: ${stderr}`));
        else resolve(JSON.parse(stdout) as AgentRun);
      },
    );
  });
}

// a trace's contexts, through otel_spans (their metadata is inside the stored canonical JSON)
const spansOf = async (userId: string, traceId: string) => {
  const spans = await h.db.otelSpan.findMany({ where: { userId, traceId } });
  return readContexts(
    h.db,
    spans.map((s) => s.contextId),
  );
};

function ctxlog(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [CLI, ...args],
      { env: { ...process.env, CTXLOG_SDK_FROM_SOURCE: "1", CTXLOG_RPC_URL: "" }, timeout: 60_000 },
      (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === "number" ? error.code : -1) : 0, stdout, stderr });
      },
    );
  });
}

describe("the OpenTelemetry SDK's OTLP exporters, configured by OTEL_* only", () => {
  it("protobuf: every span becomes a context, confirmed on anvil, and a span's proof passes `ctxlog verify`", async () => {
    const run = await runAgent("proto", otelEnv(t.keys.full), ["then", "proto", `Bearer ${t.keys.full}`]);
    // ExportResultCode.SUCCESS: the run in one request; then the same export again (a resend)
    expect(run.results.map((r) => r.code)).toEqual([0, 0]);
    const rows = await spansOf(t.userId, run.traceId);
    expect(rows).toHaveLength(4);
    expect(rows.map((r) => r.agentId)).toEqual(Array(4).fill("weather-agent"));
    const names = rows.map((r) => (r.contextData as { name: string }).name).sort();
    expect(names).toEqual(["chat gpt-4o", "chat gpt-4o", "execute_tool get_weather", "invoke_agent weather"]);
    const tool = rows.find((r) => (r.contextData as { name: string }).name.startsWith("execute_tool"));
    expect(tool?.contextData).toMatchObject({
      status: { code: "error", message: "upstream timeout" },
      resource: { attributes: { "service.name": "weather-service", "deployment.environment": "test" } },
      scope: { name: "weather-agent-instrumentation", version: "0.1.0" },
    });

    await chain.anchorContexts(
      h.db,
      rows.map((r) => r.id),
    );
    const proof = await h.request.get(`/v1/contexts/${tool?.id}/proof`).set(bearer(t.keys.read_only));
    expect(proof.status).toBe(200);
    const file = path.join(dir, "span-proof.json");
    writeFileSync(file, JSON.stringify(proof.body));
    const verified = await ctxlog([
      "verify",
      file,
      "--rpc-url",
      chain.rpcUrl,
      "--expected-signer",
      privateKeyToAccount(TEST_ATTESTATION_KEY).address,
      "--expected-submitter",
      privateKeyToAccount(SUBMITTER_KEY).address,
    ]);
    expect(verified.stderr).toBe("");
    expect(verified.code).toBe(0);

    // the resend wrote nothing: still the run's four
    expect(await h.db.context.count({ where: { userId: t.userId } })).toBe(4);
  }, 120_000);

  it("JSON (gzip): the same spans hash as they do over protobuf", async () => {
    // the run as OTLP/JSON for one user, then the very same spans as protobuf for another
    const other = await h.tenant();
    const json = await runAgent("http", otelEnv(t.keys.full), ["then", "proto", `Bearer ${other.keys.full}`]);
    expect(json.results.map((r) => r.code)).toEqual([0, 0]);
    const rows = await spansOf(t.userId, json.traceId);
    expect(rows).toHaveLength(4);
    const viaProto = await spansOf(other.userId, json.traceId);
    const hashes = (list: { contextHash: string }[]) => list.map((r) => r.contextHash).sort();
    expect(hashes(viaProto)).toEqual(hashes(rows));
  });

  it("a restricted key for other agents: 200, every span in partial_success, nothing written", async () => {
    const run = await runAgent(
      "proto",
      otelEnv(t.keys.restricted, { OTEL_RESOURCE_ATTRIBUTES: "ctxlog.agent_id=billing-agent" }),
    );
    expect(run.results.map((r) => r.code)).toEqual([0]);
    expect(await spansOf(t.userId, run.traceId)).toEqual([]);
    expect(run.warnings.join("\n")).toMatch(
      /4 span\(s\): This key may not create contexts for agent billing-agent\./,
    );
  });

  it("a wrong key: the export fails with 401", async () => {
    const run = await runAgent("http", otelEnv(`${t.keys.full}x`));
    expect(run.results.map((r) => r.code)).toEqual([1]); // ExportResultCode.FAILED
    expect(run.results[0]).toMatchObject({ status: 401, error: expect.stringMatching(/Unauthorized/) });
    expect(await spansOf(t.userId, run.traceId)).toEqual([]);
  });
});
