// `ctxlog evidence <agent_id> --from <time> --to <time> -o <pack.zip>`: downloads an evidence pack
// (GET /v1/agents/:agent_id/evidence) to a file as it streams; `ctxlog verify-pack` checks it.

import { once } from "node:events";
import { createWriteStream } from "node:fs";
import { rename, rm } from "node:fs/promises";
import { CtxlogClient } from "../client";
import { DEFAULT_BASE_URL } from "../client-from-env";

export const EVIDENCE_USAGE = `Usage:
  ctxlog evidence <agent_id> --from <time> --to <time> -o <pack.zip> [--api <url>] [--key <key>]

Downloads an evidence pack of the agent's entries received in [from, to) (ISO 8601 times) to a
file, as it streams; then check it with \`ctxlog verify-pack <pack.zip>\`.

Options:
  --api <url>   the API's base URL (or env CTXLOG_URL; default ${DEFAULT_BASE_URL})
  --key <key>   an API key that may read the agent's contexts (or env CTXLOG_API_KEY)

Exit status: 0 written, 2 bad usage, 4 the API refused or the download failed (the file is not
left behind).`;

interface Args {
  agent: string;
  from?: string;
  to?: string;
  output?: string;
  api?: string;
  key?: string;
}

type Out = (text: string) => void;

export async function runEvidence(args: Args, env: Record<string, string | undefined>, out: Out, err: Out) {
  const apiKey = args.key ?? env.CTXLOG_API_KEY;
  if (!args.from || !args.to || !args.output || !apiKey) {
    err(
      `ctxlog: evidence needs --from, --to, -o and an API key (--key or CTXLOG_API_KEY)\n\n${EVIDENCE_USAGE}`,
    );
    return 2;
  }
  const client = new CtxlogClient({ apiKey, baseUrl: args.api ?? env.CTXLOG_URL ?? DEFAULT_BASE_URL });
  // written beside the target and renamed once whole: a cut download never looks like a pack
  const partial = `${args.output}.partial`;
  const file = createWriteStream(partial);
  let bytes = 0;
  try {
    for await (const chunk of client.agents.evidence(args.agent, { from: args.from, to: args.to })) {
      bytes += chunk.length;
      if (!file.write(chunk)) await once(file, "drain");
    }
    file.end();
    await once(file, "finish");
    await rename(partial, args.output);
  } catch (error) {
    file.destroy();
    await rm(partial, { force: true });
    err(`ctxlog: evidence: ${error instanceof Error ? error.message : String(error)}`);
    return 4;
  }
  out(`wrote ${args.output} (${bytes} bytes): check it with \`ctxlog verify-pack ${args.output}\``);
  return 0;
}
