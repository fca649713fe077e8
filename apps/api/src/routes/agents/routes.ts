import { defineRoute, type RouteSpec } from "../route-spec";
import { listResponseSchema } from "../shared-schemas";
import { eraseAgentRoute } from "./erase-routes";
import { evidenceAgent } from "./evidence-agent";
import { exportAgent } from "./export-agent";
import { holdRoutes } from "./hold-routes";
import { listAgentTraces } from "./list-agent-traces";
import { getAgent, listAgents } from "./read-agents";
import {
  agentLogSchema,
  agentParamsSchema,
  agentTraceSchema,
  auditEntrySchema,
  evidenceQuerySchema,
  exportAgentQuerySchema,
  listAgentsQuerySchema,
  listAgentTracesQuerySchema,
} from "./schemas";

export const agentRoutes: RouteSpec[] = [
  defineRoute({
    method: "get",
    path: "/agents",
    operationId: "listAgents",
    summary: "The agents' logs: head sequence and entry hash, counts by status, activity",
    tag: "Agents",
    permission: "contexts:read",
    scope: "contexts",
    query: listAgentsQuerySchema,
    success: {
      status: 200,
      description: "A page of agent logs, by agent_id",
      schema: listResponseSchema(agentLogSchema, "AgentLogList"),
    },
    errors: [400, 403],
    handler: listAgents,
  }),
  defineRoute({
    method: "get",
    path: "/agents/:agent_id",
    operationId: "getAgent",
    summary: "One agent's log",
    tag: "Agents",
    permission: "contexts:read",
    scope: "contexts",
    params: agentParamsSchema,
    success: { status: 200, description: "The agent's log", schema: agentLogSchema },
    errors: [403, 404],
    handler: getAgent,
  }),
  defineRoute({
    method: "get",
    path: "/agents/:agent_id/export",
    operationId: "exportAgent",
    summary: "Every entry of an agent's log as NDJSON, in sequence order, for `npx ctxlog audit`",
    tag: "Agents",
    permission: "contexts:read",
    scope: "contexts",
    params: agentParamsSchema,
    query: exportAgentQuerySchema,
    success: {
      status: 200,
      description:
        "One proof bundle per line (the schema is each line's), pending entries marked by status. " +
        "Only a few exports run at once per user and per server (429 with Retry-After beyond), and one " +
        "costs one rate-limit unit more per MiB of entries (canonical JSON), spent before the first line.",
      schema: auditEntrySchema,
      contentType: "application/x-ndjson",
    },
    errors: [400, 403, 404],
    handler: exportAgent,
  }),
  defineRoute({
    method: "get",
    path: "/agents/:agent_id/evidence",
    operationId: "getAgentEvidence",
    summary: "An evidence pack of an agent's entries over a period: one zip an auditor verifies offline",
    tag: "Agents",
    permission: "contexts:read",
    scope: "contexts",
    params: agentParamsSchema,
    query: evidenceQuerySchema,
    success: {
      status: 200,
      description:
        "A zip of format ctxlog-evidence/2 (docs/evidence.md), streamed: the entries received in [from, to) " +
        "with their receipts and proofs, the anchors' chain data as the RPC node answers it (with the " +
        "transparency log's signed checkpoint for an anchor of its tree head), signers, " +
        "completeness, erasures, activity, policy and a report, and manifest.json signed by the attestation " +
        "key. Verify it with `npx ctxlog verify-pack`. The range ends before the first entry not confirmed " +
        "yet. It takes an export's slot and costs rate-limit units as an export does; 503 without an RPC node.",
      content: {
        "application/zip": {
          schema: { type: "string", format: "binary", description: "The pack (ctxlog-evidence/2)." },
        },
      },
    },
    errors: [400, 403, 404, 409],
    handler: evidenceAgent,
  }),
  defineRoute({
    method: "get",
    path: "/agents/:agent_id/traces",
    operationId: "listAgentTraces",
    summary: "The OpenTelemetry traces of an agent's spans, newest first",
    tag: "Agents",
    permission: "contexts:read",
    scope: "contexts",
    params: agentParamsSchema,
    query: listAgentTracesQuerySchema,
    success: {
      status: 200,
      description:
        "A page of traces, newest first (by the newest span received), each with its root span, span " +
        "count, times and error count. Empty for an agent without spans; 404 for one without an " +
        "entry the key may read.",
      schema: listResponseSchema(agentTraceSchema, "AgentTraceList"),
    },
    errors: [400, 403, 404],
    handler: listAgentTraces,
  }),
  eraseAgentRoute,
  ...holdRoutes,
];
