import { isValidAgentId } from "../agent-patterns";
import type { OtelJson } from "./any-value";
import type { NormalisedSpan } from "./normalise-spans";

/** The span or resource attribute that names the agent explicitly (e.g. via OTEL_RESOURCE_ATTRIBUTES). */
export const CTXLOG_AGENT_ID_ATTRIBUTE = "ctxlog.agent_id";

/**
 * The span attribute in which the Vercel AI SDK's telemetry names the function traced
 * (`telemetry: { functionId }`): set by the SDK itself up to 6.x and by @ai-sdk/otel's
 * LegacyOpenTelemetry in 7.x, on every span of the call. (7.x's OpenTelemetry integration puts
 * the same functionId in gen_ai.agent.name, on the call's root span.)
 */
export const AI_SDK_FUNCTION_ID_ATTRIBUTE = "ai.telemetry.functionId";

/**
 * Where a span's agent id came from: `explicit` (ctxlog.agent_id, on the span or its resource: the
 * span is filed there whatever its trace), `named` (gen_ai.agent.id / gen_ai.agent.name /
 * ai.telemetry.functionId: it names an agent, and can decide its trace's), `service` (only
 * service.name: it inherits its trace's agent).
 */
export type AgentIdSource = "explicit" | "named" | "service";

const text = (value: OtelJson | undefined): string | undefined =>
  typeof value === "string" && value !== "" ? value : undefined;

/**
 * The agent_id of a span, first found: span attribute `ctxlog.agent_id`; resource attribute
 * `ctxlog.agent_id`; `gen_ai.agent.id` (span, then resource); `gen_ai.agent.name` (span, then
 * resource) as `<service.name>/<name>` (the name alone without a service.name); the span attribute
 * `ai.telemetry.functionId` (Vercel AI SDK), as `<service.name>/<functionId>` likewise; `service.name`.
 * The first one found decides: when it is not a valid agent_id the span is refused with the reason,
 * rather than silently falling back to a less specific identity.
 */
export function deriveAgentId(
  span: NormalisedSpan,
):
  | { agentId: string; source: AgentIdSource }
  | { problem: string; source?: AgentIdSource; suggestion?: string } {
  const own = span.attributes;
  const res = span.resource.attributes;
  const service = text(res["service.name"]);
  const agentName = text(own["gen_ai.agent.name"]) ?? text(res["gen_ai.agent.name"]);
  const functionId = text(own[AI_SDK_FUNCTION_ID_ATTRIBUTE]);
  const withService = (name: string | undefined) => (name && service ? `${service}/${name}` : name);
  const candidates: [string, string | undefined, AgentIdSource][] = [
    ["span attribute ctxlog.agent_id", text(own[CTXLOG_AGENT_ID_ATTRIBUTE]), "explicit"],
    ["resource attribute ctxlog.agent_id", text(res[CTXLOG_AGENT_ID_ATTRIBUTE]), "explicit"],
    ["gen_ai.agent.id", text(own["gen_ai.agent.id"]) ?? text(res["gen_ai.agent.id"]), "named"],
    ["gen_ai.agent.name", withService(agentName), "named"],
    [AI_SDK_FUNCTION_ID_ATTRIBUTE, withService(functionId), "named"],
    ["resource attribute service.name", service, "service"],
  ];
  const found = candidates.find(([, value]) => value !== undefined);
  if (!found) {
    return {
      problem:
        "no agent id: set the span or resource attribute ctxlog.agent_id (OTEL_RESOURCE_ATTRIBUTES), " +
        "gen_ai.agent.id, gen_ai.agent.name, ai.telemetry.functionId or service.name",
    };
  }
  const [source, agentId = "", kind] = found;
  const shown = agentId.slice(0, 140);
  if (!isValidAgentId(agentId)) {
    const suggestion = validAgentIdLike(agentId);
    return {
      problem:
        `the agent id ${JSON.stringify(shown)} (from ${source}) is not a valid agent_id ` +
        "(1–128 of letters, digits and . _ : @ / -, starting with a letter or digit); set ctxlog.agent_id" +
        (suggestion ? `, e.g. ${JSON.stringify(suggestion)}` : ""),
      source: kind,
      ...(suggestion ? { suggestion } : {}),
    };
  }
  return { agentId, source: kind };
}

/**
 * A valid agent_id close to `value`, to suggest in the refusal (never used silently: an id the
 * sender did not choose would file spans under a name nobody searches for): each run of other
 * characters becomes "-", leading ones are dropped, and it is cut to 128. Null when nothing is left.
 */
export function validAgentIdLike(value: string): string | null {
  const candidate = value
    .replace(/[^A-Za-z0-9._:@/-]+/g, "-")
    .replace(/^[^A-Za-z0-9]+/, "")
    .slice(0, 128);
  return isValidAgentId(candidate) ? candidate : null;
}
