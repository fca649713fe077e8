// `ctxlog verify <proof.json> --rpc-url <url>`: checks a proof bundle against any RPC endpoint,
// printing every check; the exit code says whether the context is verified.
import { readFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { AUDIT_USAGE, runAudit } from "./cli-audit";
import { HOLDS_USAGE, runHolds } from "./cli-holds";
import { LOG_TRUST_OPTIONS, parseLogTrust } from "./cli-log-trust";
import type { HeldContext } from "./erased-bundle";
import { RpcUnreachableError } from "./errors";
import { EVIDENCE_USAGE, runEvidence } from "./evidence/cli-evidence";
import { runVerifyPack, VERIFY_PACK_USAGE } from "./evidence/cli-verify-pack";
import { MONITOR_USAGE, runMonitor } from "./tlog/cli-monitor";
import { type CheckStatus, checkStatus } from "./verdict";
import { type VerifyContextResult, verifyContext } from "./verify-context";

/** 0 verified · 1 a check failed · 2 bad usage or unreadable bundle · 3 RPC unreachable · 4 a bug. */
export const EXIT = { verified: 0, failed: 1, usage: 2, unreachable: 3, internal: 4 } as const;

const USAGE = `Usage:
  ctxlog verify <proof.json | -> --rpc-url <url> [options]

Verifies a ctxlog proof bundle (GET /v1/contexts/:id/proof) without trusting the service:
canonical JSON, keccak256 hash, signature (EIP-712 receipt; EIP-191 before bundle version 3), Merkle proof, then through the RPC endpoint
the transaction, its Anchored log and who sent it, the block and the confirmations. A version 4
bundle (the transparency log) is also checked against the log's signed checkpoint, its witnesses'
cosignatures and the anchored tree.

Options:
  --rpc-url <url>             JSON-RPC endpoint of the bundle's chain (or env CTXLOG_RPC_URL)
  --confirmations <n>         required confirmations (default: the bundle's required_confirmations)
  --expected-signer <addr>    a signer address you trust; repeatable
  --expected-submitter <addr> an anchoring account you trust (default: the bundle's signer); repeatable
  --data <file.json>          the context as you kept it, {agent_id, context_data, metadata}: checked
                              instead of the bundle's data (how an erased context's data is proven)
${LOG_TRUST_OPTIONS}
  --json                      print the result as JSON
  -h, --help                  this text
  -v, --version               the SDK version

Exit status: 0 verified, 1 a check failed, 2 bad usage or bundle file, 3 RPC unreachable,\n4 unexpected error.`;

export interface CliIO {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  readStdin: () => string;
  env: Record<string, string | undefined>;
  /** Ends a long-running command (`monitor` without --once); the bin aborts it on SIGINT/SIGTERM. */
  signal?: AbortSignal;
}

const defaultIO: CliIO = {
  stdout: (text) => process.stdout.write(`${text}\n`),
  stderr: (text) => process.stderr.write(`${text}\n`),
  readStdin: () => readFileSync(0, "utf8"),
  env: process.env,
};

export async function main(argv: readonly string[], io: CliIO = defaultIO): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    io.stderr(`ctxlog: ${(error as Error).message}\n\n${USAGE}`);
    return EXIT.usage;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    io.stdout(
      `${USAGE}\n\n${AUDIT_USAGE}\n\n${VERIFY_PACK_USAGE}\n\n${EVIDENCE_USAGE}\n\n${HOLDS_USAGE}\n\n${MONITOR_USAGE}`,
    );
    return EXIT.verified;
  }
  if (values.version) {
    io.stdout(version());
    return EXIT.verified;
  }
  const [command, file, ...extra] = positionals;
  const rpcUrl = values["rpc-url"] ?? io.env.CTXLOG_RPC_URL;
  if (command === "audit" && extra.length === 0) {
    if (!rpcUrl) {
      io.stderr("ctxlog: --rpc-url is required (or set CTXLOG_RPC_URL)");
      return EXIT.usage;
    }
    return runAudit({ ...values, file, rpcUrl }, io.stdout, io.stderr);
  }
  if (command === "evidence" && file !== undefined && extra.length === 0) {
    return runEvidence({ ...values, agent: file }, io.env, io.stdout, io.stderr);
  }
  if (command === "hold" || command === "holds") {
    return runHolds({ ...values, command, positionals: positionals.slice(1) }, io.env, io.stdout, io.stderr);
  }
  if (command === "monitor" && file !== undefined && extra.length === 0) {
    return runMonitor({ ...values, url: file }, io.stdout, io.stderr, io.signal);
  }
  if (command === "verify-pack" && file !== undefined && extra.length === 0) {
    // offline by default: the RPC endpoint only adds the canonical-block check
    return runVerifyPack(
      {
        file,
        rpcUrl,
        expectedSigners: values["expected-signer"],
        expectedSubmitters: values["expected-submitter"],
        logKey: values["log-key"],
        witnessKeys: values["witness-key"],
        witnessThreshold: values["witness-threshold"],
        json: values.json,
      },
      io.stdout,
      io.stderr,
    );
  }
  if (command !== "verify" || file === undefined || extra.length > 0) {
    io.stderr(
      `${USAGE}\n\n${AUDIT_USAGE}\n\n${VERIFY_PACK_USAGE}\n\n${EVIDENCE_USAGE}\n\n${HOLDS_USAGE}\n\n${MONITOR_USAGE}`,
    );
    return EXIT.usage;
  }
  if (!rpcUrl) {
    io.stderr("ctxlog: --rpc-url is required (or set CTXLOG_RPC_URL)");
    return EXIT.usage;
  }
  let requiredConfirmations: number | undefined;
  if (values.confirmations !== undefined) {
    requiredConfirmations = Number(values.confirmations);
    if (!Number.isSafeInteger(requiredConfirmations) || requiredConfirmations < 1) {
      io.stderr("ctxlog: --confirmations must be an integer ≥ 1");
      return EXIT.usage;
    }
  }

  const logTrust = parseLogTrust(values);
  if (!logTrust.ok) {
    io.stderr(`ctxlog: ${logTrust.problem}`);
    return EXIT.usage;
  }

  let bundle: unknown;
  try {
    const text = file === "-" ? io.readStdin() : readFileSync(file, "utf8");
    bundle = JSON.parse(text);
  } catch (error) {
    io.stderr(`ctxlog: cannot read a JSON proof bundle from ${file}: ${(error as Error).message}`);
    return EXIT.usage;
  }

  let data: HeldContext | undefined;
  if (values.data !== undefined) {
    try {
      data = JSON.parse(readFileSync(values.data, "utf8")) as HeldContext;
    } catch (error) {
      io.stderr(`ctxlog: cannot read the context data from ${values.data}: ${(error as Error).message}`);
      return EXIT.usage;
    }
  }

  try {
    const result = await verifyContext(bundle, {
      rpcUrl,
      requiredConfirmations,
      expectedSigners: values["expected-signer"],
      expectedSubmitters: values["expected-submitter"],
      data,
      ...logTrust.trust,
    });
    if (values.json) {
      io.stdout(JSON.stringify(result, null, 2));
    } else {
      const width = Math.max(...result.checks.map((c) => c.name.length));
      for (const check of result.checks) {
        const mark = CHECK_MARKS[checkStatus(check)];
        io.stdout(`${mark}  ${check.name.padEnd(width)}  ${check.reason ?? ""}`.trimEnd());
      }
      const id =
        typeof (bundle as { context_id?: unknown })?.context_id === "string"
          ? (bundle as { context_id: string }).context_id
          : "context";
      io.stdout(`\n${verdictLine(result, id)}`);
    }
    // verified_data_unavailable exits 0 too: what was logged is proven; the line above says what was not
    return result.verified ? EXIT.verified : EXIT.failed;
  } catch (error) {
    if (error instanceof RpcUnreachableError) {
      io.stderr(`ctxlog: ${error.message}`);
      return EXIT.unreachable;
    }
    throw error;
  }
}

function parse(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      "rpc-url": { type: "string" },
      confirmations: { type: "string" },
      "expected-signer": { type: "string", multiple: true },
      "expected-submitter": { type: "string", multiple: true },
      json: { type: "boolean" },
      data: { type: "string" },
      "log-key": { type: "string" },
      "witness-key": { type: "string", multiple: true },
      "witness-threshold": { type: "string" },
      // audit
      api: { type: "string" },
      "log-url": { type: "string" },
      key: { type: "string" },
      agent: { type: "string" },
      from: { type: "string" },
      to: { type: "string" },
      receipts: { type: "string" },
      // evidence
      output: { type: "string", short: "o" },
      // hold
      reason: { type: "string" },
      // monitor (and --key: the log's verifier key)
      origin: { type: "string" },
      state: { type: "string" },
      interval: { type: "string" },
      once: { type: "boolean" },
      help: { type: "boolean", short: "h" },
      version: { type: "boolean", short: "v" },
    },
  });
}

// Read at run time rather than imported, so the file stays outside tsc's rootDir and the version
// printed is the installed package's.
function version(): string {
  const manifest = JSON.parse(readFileSync(path.join(__dirname, "..", "package.json"), "utf8")) as {
    version: string;
  };
  return manifest.version;
}

/** Entry point of the `ctxlog` bin: sets the exit code rather than calling process.exit, so output is flushed. */
export function run(argv: readonly string[] = process.argv.slice(2)): Promise<void> {
  // only the monitor runs until stopped: it ends its round and exits 0; other commands keep
  // Node's default (a signal ends them at once)
  const stop = new AbortController();
  if (argv[0] === "monitor") {
    const abort = () => stop.abort();
    process.once("SIGINT", abort).once("SIGTERM", abort);
  }
  return main(argv, { ...defaultIO, signal: stop.signal }).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(
        `ctxlog: unexpected error: ${error instanceof Error ? error.stack : String(error)}\n`,
      );
      process.exitCode = EXIT.internal;
    },
  );
}

if (require.main === module) void run();

const CHECK_MARKS: Record<CheckStatus, string> = { passed: "PASS   ", failed: "FAIL   ", not_run: "NOT RUN" };

/** The last line of `ctxlog verify`: the verdict in words, one of three. */
function verdictLine(result: VerifyContextResult, id: string): string {
  const where = `${id} is in block ${result.block_number} with ${result.confirmations} confirmations`;
  switch (result.verdict) {
    case "verified":
      return `VERIFIED: ${where}`;
    case "verified_data_unavailable":
      return `VERIFIED, DATA UNAVAILABLE: ${where}; its data was erased, so canonical_context and hash_matches did not run (--data file.json to check them)`;
    case "failed":
      return `NOT VERIFIED: ${result.checks
        .filter((c) => checkStatus(c) === "failed")
        .map((c) => c.name)
        .join(", ")} failed`;
  }
}
