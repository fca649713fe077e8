import { parseCliArgs, UsageError } from "./cli-args";
import { forwardedRequestHeaders, forwardedResponseHeaders } from "./http-headers";

describe("parseCliArgs", () => {
  it("stdio: the proxy's options before --, the server's command after, its own flags untouched", () => {
    expect(parseCliArgs(["--no-inputs", "--salt", "--", "npx", "-y", "server", "--no-inputs"], {})).toEqual({
      mode: "stdio",
      command: "npx",
      args: ["-y", "server", "--no-inputs"],
      agentId: undefined,
      recordInputs: false,
      recordOutputs: true,
      salt: true,
      baseUrl: undefined,
      host: "127.0.0.1",
      drainTimeoutMs: undefined,
    });
  });

  it("the agent id from --agent-id, else CTXLOG_AGENT_ID", () => {
    expect(parseCliArgs(["--", "s"], { CTXLOG_AGENT_ID: "from-env" }).agentId).toBe("from-env");
    expect(parseCliArgs(["--agent-id", "flag", "--", "s"], { CTXLOG_AGENT_ID: "env" }).agentId).toBe("flag");
  });

  it("http: --http and --listen", () => {
    expect(
      parseCliArgs(["--http", "http://127.0.0.1:3001/mcp", "--listen", "4000", "--no-outputs"], {}),
    ).toMatchObject({
      mode: "http",
      upstream: "http://127.0.0.1:3001/mcp",
      port: 4000,
      recordOutputs: false,
    });
  });

  it("refuses what it cannot run, with the reason", () => {
    const refused = (argv: string[]) => {
      try {
        parseCliArgs(argv, {});
      } catch (error) {
        expect(error).toBeInstanceOf(UsageError);
        return (error as Error).message;
      }
      throw new Error(`accepted ${argv.join(" ")}`);
    };
    expect(refused([])).toMatch(/no server command/);
    expect(refused(["--bogus", "--", "s"])).toMatch(/bogus/);
    expect(refused(["--http", "http://x/mcp"])).toMatch(/--listen/);
    expect(refused(["--http", "not a url", "--listen", "1"])).toMatch(/http\(s\) URL/);
    expect(refused(["--http", "http://x/mcp", "--listen", "99999"])).toMatch(/--listen must be an integer/);
    expect(refused(["--http", "http://x/mcp", "--listen", "1", "--", "s"])).toMatch(/no server command/);
  });
});

describe("forwarded headers", () => {
  it("keep names' case, repeats and order; drop hop-by-hop ones and those Connection names; Host is the upstream's", () => {
    const raw = [
      "host",
      "127.0.0.1:9",
      "Accept",
      "text/event-stream",
      "Connection",
      "keep-alive, X-Hop",
      "X-Hop",
      "1",
      "Mcp-Session-Id",
      "abc",
      "x-dup",
      "1",
      "x-dup",
      "2",
      "Transfer-Encoding",
      "chunked",
    ];
    expect(forwardedRequestHeaders(raw, new URL("http://up.example:3001/mcp"))).toEqual([
      "Host",
      "up.example:3001",
      "Accept",
      "text/event-stream",
      "Mcp-Session-Id",
      "abc",
      "x-dup",
      "1",
      "x-dup",
      "2",
    ]);
    expect(
      forwardedResponseHeaders(["Content-Type", "text/event-stream", "Keep-Alive", "timeout=5"]),
    ).toEqual(["Content-Type", "text/event-stream"]);
  });
});
