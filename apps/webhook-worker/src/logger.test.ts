import { Writable } from "node:stream";
import { createLogger } from "./logger";

describe("the webhook worker's logger", () => {
  it("censors webhook secrets, receiver URLs and payloads in what it logs", () => {
    const lines: string[] = [];
    const logger = createLogger(
      "info",
      new Writable({
        write(chunk, _encoding, done) {
          lines.push(chunk.toString());
          done();
        },
      }),
    );
    const webhook = {
      id: "wh_1",
      url: "https://hooks.example/in?token=receiver-token",
      secret: "whsec_d2ViaG9vay1zZWNyZXQ=",
      previousSecret: "whsec_b2xkLXNlY3JldA==",
    };
    logger.warn({ webhook, delivery: { id: "dlv_1", payload: '{"context_id":"ctx_1"}' } }, "delivery failed");
    logger.info({ secret: webhook.secret }, "top level");
    const log = lines.join("");
    for (const value of ["receiver-token", "whsec_d2ViaG9vay1zZWNyZXQ=", "whsec_b2xkLXNlY3JldA==", "ctx_1"]) {
      expect(log).not.toContain(value);
    }
    expect(JSON.parse(lines[0] ?? "")).toMatchObject({
      service: "ctxlog-webhook-worker",
      pid: process.pid,
      webhook: { id: "wh_1", url: "[redacted]", secret: "[redacted]", previousSecret: "[redacted]" },
      delivery: { id: "dlv_1", payload: "[redacted]" },
    });
  });
});
