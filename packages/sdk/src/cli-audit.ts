// `ctxlog audit <export.ndjson | --api URL --key KEY --agent ID> --rpc-url URL …`: proves an agent's
// log complete and anchored; the exit code says whether it is.
import { createReadStream } from "node:fs";
import { auditAgent } from "./audit/audit-agent";
import { ndjsonLines } from "./audit/ndjson";
import type { ContextReceipt } from "./chain-entry";
import { RpcUnreachableError } from "./errors";
import { LogUnreadableError } from "./tlog/read-log";

export const AUDIT_USAGE = `Usage:
  ctxlog audit <export.ndjson | --api <url> --key <key> --agent <agent_id>> --rpc-url <url> [options]

Audits one agent's log (GET /v1/agents/:agent_id/export): every sequence present, every prev link,
every entry hash and signature, every Merkle proof against an Anchored log on the chain at the
required depth, and each of the agent's receipts present and identical. Reports the first break.
Entries anchored by the transparency log's tree head are also found in the log's current
checkpoint at their log indexes, and each anchored tree head proven a prefix of it (entries_in_log).

Options:
  --rpc-url <url>         JSON-RPC endpoint of the log's chain (or env CTXLOG_RPC_URL)
  --api <url>             the API's base URL, e.g. https://api.example.com/v1 (with --key, --agent)
  --from <n> / --to <m>   audit entries n..m (default 1 .. the log's head)
  --receipts <file>       the agent's receipts, one JSON receipt per line
  --confirmations <n>     required confirmations (default: each entry's)
  --log-url <url>         the transparency log, e.g. https://api.example.com/v1/tlog (default with
                          --api: <api>/tlog; without either, entries_in_log does not run)
  --log-key <vkey>        the log's verifier key to trust (GET /v1/tlog/key; default: the entries')
  --json                  print the result as JSON

Exit status: 0 the log is complete and anchored, 1 it is not, 2 bad usage or file, 3 the RPC
endpoint or the log cannot be read.`;

interface AuditArgs {
  file?: string;
  rpcUrl: string;
  api?: string;
  key?: string;
  agent?: string;
  from?: string;
  to?: string;
  receipts?: string;
  confirmations?: string;
  "log-url"?: string;
  "log-key"?: string;
  json?: boolean;
}

type Out = (text: string) => void;

const positiveInt = (v: string | undefined, name: string): number | undefined => {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isSafeInteger(n) || n < 1) throw new Error(`${name} must be an integer ≥ 1`);
  return n;
};

async function* jsonLines(path: string): AsyncGenerator<ContextReceipt> {
  for await (const line of ndjsonLines(createReadStream(path))) yield JSON.parse(line) as ContextReceipt;
}

async function apiExport(args: AuditArgs, from?: number, to?: number) {
  const base = (args.api as string).replace(/\/$/, "");
  const headers = { Authorization: `Bearer ${args.key}` };
  const agent = encodeURIComponent(args.agent as string);
  // the log's head bounds the audit, so a log cut short at its end is a gap, not a shorter log
  const log = await fetch(`${base}/agents/${agent}`, { headers });
  if (!log.ok) throw new Error(`GET /agents/${args.agent}: HTTP ${log.status} ${await log.text()}`);
  const head = ((await log.json()) as { head_sequence: number }).head_sequence;
  const query = new URLSearchParams();
  if (from !== undefined) query.set("from_sequence", String(from));
  if (to !== undefined) query.set("to_sequence", String(to));
  const res = await fetch(`${base}/agents/${agent}/export?${query}`, { headers });
  if (!res.ok || !res.body) throw new Error(`GET /agents/${args.agent}/export: HTTP ${res.status}`);
  return { lines: ndjsonLines(res.body as unknown as AsyncIterable<Uint8Array>), head };
}

export async function runAudit(args: AuditArgs, out: Out, err: Out): Promise<number> {
  let from: number | undefined;
  let to: number | undefined;
  let requiredConfirmations: number | undefined;
  try {
    from = positiveInt(args.from, "--from");
    to = positiveInt(args.to, "--to");
    requiredConfirmations = positiveInt(args.confirmations, "--confirmations");
  } catch (error) {
    err(`ctxlog: ${(error as Error).message}`);
    return 2;
  }
  const fromApi = args.api !== undefined;
  if (fromApi ? !args.key || !args.agent || args.file : !args.file) {
    err(`ctxlog: give an export file, or --api with --key and --agent\n\n${AUDIT_USAGE}`);
    return 2;
  }
  let lines: AsyncIterable<string>;
  try {
    if (fromApi) {
      const exported = await apiExport(args, from, to);
      lines = exported.lines;
      to ??= exported.head;
    } else {
      lines = ndjsonLines(createReadStream(args.file as string));
    }
  } catch (error) {
    err(`ctxlog: ${(error as Error).message}`);
    return 2;
  }
  // the API serves its log beside it, to the same key when the log is not public
  const logUrl = args["log-url"] ?? (fromApi ? `${(args.api as string).replace(/\/$/, "")}/tlog` : undefined);
  const logHeaders = fromApi && !args["log-url"] ? { Authorization: `Bearer ${args.key}` } : undefined;
  try {
    const result = await auditAgent(lines, {
      rpcUrl: args.rpcUrl,
      fromSequence: from,
      toSequence: to,
      requiredConfirmations,
      receipts: args.receipts ? jsonLines(args.receipts) : undefined,
      logUrl,
      logKey: args["log-key"],
      logHeaders,
    });
    out(args.json ? JSON.stringify(result) : result.summary);
    return result.complete ? 0 : 1;
  } catch (error) {
    if (error instanceof RpcUnreachableError || error instanceof LogUnreadableError) {
      err(`ctxlog: ${error.message}`);
      return 3;
    }
    if ((error as NodeJS.ErrnoException).code === "ENOENT") {
      err(`ctxlog: ${(error as Error).message}`);
      return 2;
    }
    throw error;
  }
}
