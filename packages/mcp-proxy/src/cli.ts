import { parseCliArgs, USAGE, UsageError } from "./cli-args";
import { Diagnostics, describeError } from "./diagnostics";
import { startHttpProxy } from "./http-proxy";
import type { IntegrationOptions } from "./options";
import { PROXY_VERSION } from "./source";
import { runStdioProxy } from "./stdio-proxy";

/**
 * `ctxlog-mcp-proxy`: stdio mode ends as its server did (its exit code, or the same signal); HTTP
 * mode runs until SIGINT/SIGTERM. Usage errors exit 2. Help and version go to stderr too: stdout
 * belongs to the protocol even then, a client may have started the proxy.
 */
export async function main(argv: string[] = process.argv.slice(2)): Promise<void> {
  const diagnostics = new Diagnostics();
  let args: ReturnType<typeof parseCliArgs>;
  try {
    args = parseCliArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`ctxlog-mcp-proxy: ${error.message}\n\n${USAGE}\n`);
    process.exit(2);
  }
  if (args.mode === "help") {
    process.stderr.write(`${USAGE}\n`);
    return;
  }
  if (args.mode === "version") {
    process.stderr.write(`${PROXY_VERSION}\n`);
    return;
  }
  const options: IntegrationOptions = {
    ...(args.agentId !== undefined ? { agentId: args.agentId } : {}),
    ...(args.baseUrl !== undefined ? { baseUrl: args.baseUrl } : {}),
    recordInputs: args.recordInputs,
    recordOutputs: args.recordOutputs,
    salt: args.salt,
  };

  if (args.mode === "http") {
    const proxy = await startHttpProxy({
      ...options,
      upstream: args.upstream as string,
      port: args.port,
      host: args.host,
      diagnostics,
    });
    const stop = (signal: NodeJS.Signals) => {
      diagnostics.info("stopping", { signal });
      proxy.close(args.drainTimeoutMs).then(
        () => process.exit(0),
        (error: unknown) => {
          diagnostics.error("stopping failed", { error: describeError(error) });
          process.exit(1);
        },
      );
    };
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
    return;
  }

  const exit = await runStdioProxy({
    ...options,
    command: args.command as string,
    args: args.args,
    diagnostics,
    ...(args.drainTimeoutMs !== undefined ? { drainTimeoutMs: args.drainTimeoutMs } : {}),
  });
  if (exit.signal) {
    // ended by a signal: so does the proxy, for the client to see the same
    process.kill(process.pid, exit.signal);
    return;
  }
  process.exit(exit.code ?? 1);
}
