// The stack every integration's end-to-end test runs against: the real API (PostgreSQL, Redis) on a
// loopback port, anvil with the registry, a tenant and an SDK client of it; and the one way those
// tests end: the agent's log anchored (as the chain worker would), exported, audited by the SDK.
import { execFile } from "node:child_process";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { CtxlogClient } from "@ctxlog/sdk";
import { type ChainFixture, startChainFixture } from "../../../apps/api/src/testing/chain-fixture";
import { createTestHarness, type Tenant, type TestHarness } from "../../../apps/api/src/testing/harness";

const CTXLOG_BIN = path.join(__dirname, "..", "..", "..", "packages", "sdk", "bin", "ctxlog.js");

export interface IntegrationStack {
  chain: ChainFixture;
  h: TestHarness;
  /** the API's origin, http://127.0.0.1:<port> */
  origin: string;
  /** the API's base address for the SDK, `${origin}/v1` */
  baseUrl: string;
  tenant: Tenant;
  /** the SDK client of the tenant's full key */
  client: CtxlogClient;
  /** Anchors every context of the agent's log (as the chain worker would) and returns its export's lines. */
  anchorAndExport(agentId: string): Promise<string[]>;
  /** `npx ctxlog audit --api … --key <read-only> --agent <agentId> --rpc-url …`, as a user runs it. */
  auditWithCli(agentId: string): Promise<{ code: number; stdout: string; stderr: string }>;
  close(): Promise<void>;
}

export async function startIntegrationStack(
  opts: { confirmations?: number } = {},
): Promise<IntegrationStack> {
  const chain = await startChainFixture({ confirmations: opts.confirmations ?? 2 });
  const h = await createTestHarness(chain.env);
  const server: Server = h.app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const baseUrl = `${origin}/v1`;
  const tenant = await h.tenant();
  const client = new CtxlogClient({ baseUrl, apiKey: tenant.keys.full });
  return {
    chain,
    h,
    origin,
    baseUrl,
    tenant,
    client,
    async anchorAndExport(agentId) {
      const ids: string[] = [];
      for await (const context of client.contexts.listAll({ agent_id: agentId }))
        ids.push(context.context_id);
      await chain.anchorContexts(h.db, ids);
      const lines: string[] = [];
      for await (const line of client.agents.export(agentId)) lines.push(line);
      return lines;
    },
    auditWithCli(agentId) {
      const args = [
        "--api",
        baseUrl,
        "--key",
        tenant.keys.read_only,
        "--agent",
        agentId,
        "--rpc-url",
        chain.rpcUrl,
      ];
      return new Promise((resolve) => {
        execFile(
          process.execPath,
          [CTXLOG_BIN, "audit", ...args],
          // the SDK from its sources (no build needed); no RPC from the environment
          { env: { ...process.env, CTXLOG_SDK_FROM_SOURCE: "1", CTXLOG_RPC_URL: "" }, timeout: 60_000 },
          (error, stdout, stderr) => {
            const code = error ? (typeof error.code === "number" ? error.code : -1) : 0;
            resolve({ code, stdout, stderr });
          },
        );
      });
    },
    async close() {
      await new Promise((resolve) => server.close(resolve));
      await h.close();
      await chain.stop();
    },
  };
}
