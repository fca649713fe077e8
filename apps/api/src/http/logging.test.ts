import { Writable } from "node:stream";
import { waitFor } from "@ctxlog/core/testing";
import express from "express";
import supertest from "supertest";
import { createLogger, requestLogger } from "./logging";

function capturedApp(level = "info") {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of chunk.toString().split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const logger = createLogger(level, sink);
  const app = express();
  app.use(requestLogger(logger));
  app.get("/ok", (_req, res) => {
    res.json({ ok: true });
  });
  app.get("/boom", (_req, res) => {
    res.status(503).json({ error: "down" });
  });
  app.get("/hang", () => {
    // never answers: the client gives up first
  });
  app.get("/careless", (req, res) => {
    // a handler that logs a whole object holding secrets
    req.log.warn({ webhook: { id: "wh_1", secret: "whsec_c2VjcmV0" }, key: "sk_careless" }, "careless");
    res.json({ ok: true });
  });
  return { app, lines };
}

// The line is written when the response finishes, which may be after the client has the answer.
const logged = (lines: unknown[]) => waitFor(() => lines.length > 0, { timeout: 2_000 });

describe("requestLogger", () => {
  it("writes one line per request with its id, method, url, status and duration", async () => {
    const { app, lines } = capturedApp();
    const res = await supertest(app).get("/ok?x=1").set("X-Request-Id", "trace-1");
    await logged(lines);
    expect(res.headers["x-request-id"]).toBe("trace-1");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30,
      msg: "request completed",
      req: { id: "trace-1", method: "GET", url: "/ok?x=1" },
      res: { statusCode: 200 },
    });
    expect(typeof lines[0]?.responseTime).toBe("number");
  });

  it("logs server errors at error level and generates an id when none is sane", async () => {
    const { app, lines } = capturedApp();
    const res = await supertest(app).get("/boom").set("X-Request-Id", "not sane");
    await logged(lines);
    expect(res.headers["x-request-id"]).toMatch(/^req_/);
    expect(lines[0]).toMatchObject({ level: 50, req: { id: res.headers["x-request-id"] } });
  });

  it("logs a request whose client went away before the answer as aborted", async () => {
    const { app, lines } = capturedApp();
    await expect(supertest(app).get("/hang").timeout(100)).rejects.toThrow();
    await logged(lines);
    expect(lines[0]).toMatchObject({ level: 40, msg: "request aborted", req: { url: "/hang" } });
  });

  it("censors secrets in what handlers log through req.log (the shared redaction list)", async () => {
    const { app, lines } = capturedApp();
    await supertest(app).get("/careless");
    await logged(lines);
    expect(lines[0]).toMatchObject({
      service: "ctxlog-api",
      pid: process.pid,
      msg: "careless",
      webhook: { id: "wh_1", secret: "[redacted]" },
      key: "[redacted]",
    });
    expect(JSON.stringify(lines)).not.toMatch(/whsec_c2VjcmV0|sk_careless/);
  });

  it("writes nothing below its level", async () => {
    const { app, lines } = capturedApp("warn");
    await supertest(app).get("/ok");
    await new Promise((r) => setTimeout(r, 20)); // deliberate: a line that must NOT come
    expect(lines).toHaveLength(0);
  });
});
