import { Writable } from "node:stream";
import { createLogger, REDACTED } from "./create-logger";

function captured(opts: { redact?: string[] } = {}) {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const logger = createLogger({ service: "test-service", level: "info", destination, ...opts });
  const parsed = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>);
  return { logger, lines, parsed };
}

const API_KEY = "sk_live0123456789abcdefghijklmnopqrstu";
const WHSEC = "whsec_bG9nLXRlc3Qtc2VjcmV0LTAxMjM0NTY3ODk=";
const PRIVATE_KEY = `0x${"ab".repeat(32)}`;

describe("createLogger", () => {
  it("writes JSON lines with the service and the pid", () => {
    const { logger, parsed } = captured();
    logger.info({ thing: 1 }, "hello");
    expect(parsed()).toEqual([
      expect.objectContaining({
        service: "test-service",
        pid: process.pid,
        thing: 1,
        msg: "hello",
        level: 30,
      }),
    ]);
  });

  it("censors secrets at the top of a log object and one level down", () => {
    const { logger, lines, parsed } = captured();
    logger.info({ secret: WHSEC, key: API_KEY, privateKey: PRIVATE_KEY }, "top level");
    logger.info(
      {
        webhook: { id: "wh_1", secret: WHSEC, previousSecret: WHSEC },
        apiKey: { apiKey: API_KEY, key: API_KEY },
        env: {
          SIGNER_PRIVATE_KEY: PRIVATE_KEY,
          ATTESTATION_PRIVATE_KEY: PRIVATE_KEY,
          DATABASE_URL: "postgres://u:hunter2@db/ctxlog",
          REDIS_URL: "redis://:hunter2@redis:6379",
          LOG_LEVEL: "info",
        },
        req: {
          headers: { authorization: `Bearer ${API_KEY}`, cookie: `s=${API_KEY}`, "x-api-key": API_KEY },
        },
        res: { headers: { "set-cookie": `s=${API_KEY}` } },
      },
      "nested",
    );
    const log = lines.join("");
    for (const secret of [API_KEY, WHSEC, PRIVATE_KEY.slice(2), "hunter2"]) expect(log).not.toContain(secret);
    const [top, nested] = parsed();
    expect(top).toMatchObject({ secret: REDACTED, key: REDACTED, privateKey: REDACTED });
    expect(nested).toMatchObject({
      webhook: { id: "wh_1", secret: REDACTED, previousSecret: REDACTED },
      env: { SIGNER_PRIVATE_KEY: REDACTED, DATABASE_URL: REDACTED, LOG_LEVEL: "info" },
      req: { headers: { authorization: REDACTED, cookie: REDACTED, "x-api-key": REDACTED } },
      res: { headers: { "set-cookie": REDACTED } },
    });
  });

  it("leaves what is not a secret alone (ids, URLs, messages)", () => {
    const { logger, parsed } = captured();
    logger.info({ url: "http://127.0.0.1:3000/v1", req: { id: "req_1", url: "/v1/status" } }, "listening");
    expect(parsed()[0]).toMatchObject({
      url: "http://127.0.0.1:3000/v1",
      req: { id: "req_1", url: "/v1/status" },
    });
  });

  it("adds a process's own paths to the shared list", () => {
    const { logger, lines } = captured({ redact: ["*.url", "*.payload"] });
    logger.info({ target: { url: "https://hooks.example/t?token=abc", payload: "{}", secret: WHSEC } }, "x");
    expect(JSON.parse(lines[0] ?? "")).toMatchObject({
      target: { url: REDACTED, payload: REDACTED, secret: REDACTED },
    });
  });
});
