// The TypeScript ContextLogger when the process ends with contexts unsent: the server is down for
// real (a port nothing listens on), and a child Node process logs 5 contexts and never closes the
// logger. Whether it ends on its own or calls process.exit(), every context reaches onFailure as a
// ContextLoggerUnsentError, with one log line. The child runs the built SDK (npm run build, as
// .ci/run does before the tests).
import { execFile } from "node:child_process";
import net from "node:net";
import path from "node:path";

const sdk = path.resolve(__dirname, "../../../packages/sdk/dist/index.js");

async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function runChild(
  ending: string,
  port: number,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const script = `
    const { ContextLogger, CtxlogClient } = require(${JSON.stringify(sdk)});
    const client = new CtxlogClient({ baseUrl: "http://127.0.0.1:${port}/v1", apiKey: "sk_test_down", maxRetries: 0 });
    const logger = new ContextLogger(client, {
      flushIntervalMs: 10,
      exitTimeoutMs: 1000,
      baseDelayMs: 50,
      maxDelayMs: 200,
      onFailure: (context, error) => console.log("kept", context.context_data.i, error.name),
    });
    for (let i = 0; i < 5; i++) logger.log({ agent_id: "ts-exit-down", context_data: { i } }).catch(() => {});
    ${ending}
  `;
  return new Promise((resolve) =>
    execFile(process.execPath, ["-e", script], { timeout: 60_000 }, (err, stdout, stderr) =>
      resolve({ code: err ? (typeof err.code === "number" ? err.code : null) : 0, stdout, stderr }),
    ),
  );
}

function kept(stdout: string): string[] {
  return stdout
    .split("\n")
    .filter((line) => line.startsWith("kept "))
    .sort();
}
const allFive = [0, 1, 2, 3, 4].map((i) => `kept ${i} ContextLoggerUnsentError`);

describe("ContextLogger at the process's end, with the server down", () => {
  it("a process that ends on its own retries for exitTimeoutMs, then hands every context to onFailure", async () => {
    const run = await runChild("", await closedPort());
    expect(run.code).toBe(0);
    expect(kept(run.stdout)).toEqual(allFive);
    const lines = run.stderr.split("\n").filter((line) => line.startsWith("ctxlog: "));
    expect(lines).toEqual([
      expect.stringMatching(/^ctxlog: 5 context\(s\) not sent \(not sent within 1000 ms/),
    ]);
  });

  it("process.exit() hands every context to onFailure at once", async () => {
    const run = await runChild("process.exit(3);", await closedPort());
    expect(run.code).toBe(3);
    expect(kept(run.stdout)).toEqual(allFive);
    expect(run.stderr).toMatch(
      /^ctxlog: 5 context\(s\) not sent \(the process exited before they were sent\)/m,
    );
  });
});
