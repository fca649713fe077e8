import express from "express";
import supertest from "supertest";
import { errorHandler } from "./errors";
import { createLogger, requestLogger } from "./logging";

/** An app whose one route throws what a framework or parser would: an Error with a status. */
function throwing(make: () => unknown) {
  const app = express();
  app.use(requestLogger(createLogger("silent")));
  app.get("/", () => {
    throw make();
  });
  app.use(errorHandler);
  return supertest(app);
}

const frameworkError = (status: number, field: "status" | "statusCode" = "status") =>
  Object.assign(new Error("internal detail: /srv/app/node_modules/x.js line 12"), { [field]: status });

describe("errorHandler: errors that carry a 4xx status from a framework or parser", () => {
  it.each([
    [400, 400, "VALIDATION_ERROR"],
    [404, 404, "NOT_FOUND"],
    [413, 413, "PAYLOAD_TOO_LARGE"],
    [415, 415, "UNSUPPORTED_MEDIA_TYPE"],
    [409, 409, "CONFLICT"],
    // no code of its own in the closed list: still the client's error
    [405, 400, "VALIDATION_ERROR"],
    [431, 400, "VALIDATION_ERROR"],
  ])("status %i → %i %s, without the framework's message", async (thrown, status, code) => {
    for (const field of ["status", "statusCode"] as const) {
      const res = await throwing(() => frameworkError(thrown, field)).get("/");
      expect(res.status).toBe(status);
      expect(res.body.error.code).toBe(code);
      expect(res.body.error.message).not.toContain("internal detail");
    }
  });

  it("a URIError with status 400 (the router's bad percent-encoding) says so, without the raw value", async () => {
    const res = await throwing(() =>
      Object.assign(new URIError("Failed to decode param '%zz'"), { status: 400 }),
    ).get("/");
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: "VALIDATION_ERROR" });
    expect(res.body.error.message).toMatch(/percent-encoding/);
    expect(res.body.error.message).not.toContain("%zz");
  });

  it.each([500, 502, 399, 600, "400"])("status %p stays a 500 INTERNAL_ERROR", async (status) => {
    const res = await throwing(() => Object.assign(new Error("boom"), { status })).get("/");
    expect(res.status).toBe(500);
    expect(res.body.error.code).toBe("INTERNAL_ERROR");
  });

  it("a `type` naming an Object.prototype member is not mistaken for a known body error", async () => {
    const res = await throwing(() => Object.assign(new Error("x"), { type: "constructor" })).get("/");
    expect(res.status).toBe(500);
    expect(res.body.error.code).toBe("INTERNAL_ERROR");
  });
});
