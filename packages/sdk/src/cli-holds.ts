// `ctxlog hold <agent_id> --reason …`, `ctxlog hold release <agent_id> <hold_id>`, `ctxlog holds
// <agent_id>`: an agent's legal holds (POST/GET /v1/agents/:agent_id/holds). While a hold is
// active, no erasure of the agent's contexts' data runs (docs/erasure.md, Legal holds).
import { CtxlogClient } from "./client";
import { DEFAULT_BASE_URL } from "./client-from-env";
import type { LegalHold } from "./holds";

export const HOLDS_USAGE = `Usage:
  ctxlog hold <agent_id> --reason <text> [--api <url>] [--key <key>]
  ctxlog hold release <agent_id> <hold_id> [--api <url>] [--key <key>]
  ctxlog holds <agent_id> [--json] [--api <url>] [--key <key>]

Places a legal hold on an agent (its contexts' data cannot be erased until it is released),
releases one, or lists the agent's holds, active and released. Placing and releasing need a full
key; listing, a key that may read the agent.

Options:
  --reason <text>  why the data must be kept (at most 500 characters), recorded with the hold
  --api <url>      the API's base URL (or env CTXLOG_URL; default ${DEFAULT_BASE_URL})
  --key <key>      an API key (or env CTXLOG_API_KEY)
  --json           print the holds as JSON

Exit status: 0 done, 2 bad usage, 4 the API refused or could not be reached.`;

interface Args {
  command: "hold" | "holds";
  positionals: string[];
  reason?: string;
  api?: string;
  key?: string;
  json?: boolean;
}

type Out = (text: string) => void;

const describe = (h: LegalHold) =>
  `${h.hold_id}  ${h.released_at === null ? "active" : `released ${h.released_at} by ${h.released_by}`}  ` +
  `placed ${h.placed_at} by ${h.placed_by}: ${h.reason}`;

export async function runHolds(args: Args, env: Record<string, string | undefined>, out: Out, err: Out) {
  const apiKey = args.key ?? env.CTXLOG_API_KEY;
  const usage = (why: string) => {
    err(`ctxlog: ${why}\n\n${HOLDS_USAGE}`);
    return 2;
  };
  if (!apiKey) return usage("an API key is needed (--key or CTXLOG_API_KEY)");
  const client = new CtxlogClient({ apiKey, baseUrl: args.api ?? env.CTXLOG_URL ?? DEFAULT_BASE_URL });
  const [first, agent, holdId, ...extra] = args.positionals;
  try {
    if (args.command === "holds") {
      if (first === undefined || agent !== undefined) return usage("holds takes one agent_id");
      const holds: LegalHold[] = [];
      for await (const hold of client.agents.holds.listAll(first)) holds.push(hold);
      if (args.json) out(JSON.stringify(holds, null, 2));
      else out(holds.length ? holds.map(describe).join("\n") : `no legal holds on ${first}`);
      return 0;
    }
    if (first === "release" && agent !== undefined && holdId !== undefined && extra.length === 0) {
      const hold = await client.agents.holds.release(agent, holdId);
      out(`released ${describe(hold)}`);
      return 0;
    }
    if (first === undefined || agent !== undefined)
      return usage("hold takes one agent_id (or release <agent_id> <hold_id>)");
    if (!args.reason) return usage("hold needs --reason");
    const hold = await client.agents.holds.place(first, { reason: args.reason });
    out(`placed ${describe(hold)}`);
    return 0;
  } catch (error) {
    err(`ctxlog: ${args.command}: ${error instanceof Error ? error.message : String(error)}`);
    return 4;
  }
}
