// Integration: real PostgreSQL and Redis; every log line the API writes is captured.
import { Writable } from "node:stream";
import { waitFor } from "@ctxlog/core/testing";
import { bearer, createTestHarness, type TestHarness } from "../testing/harness";

const lines: string[] = [];
const capture = new Writable({
  write(chunk, _encoding, done) {
    lines.push(chunk.toString());
    done();
  },
});

let h: TestHarness;
beforeAll(async () => {
  h = await createTestHarness(
    { LOG_LEVEL: "trace", WEBHOOK_ALLOW_INSECURE_URLS: "true" },
    { logTo: capture },
  );
});
afterAll(() => h.close());

describe("logs (captured at trace level)", () => {
  it("carry request ids, and never an API key, a signature secret or a webhook secret", async () => {
    const t = await h.tenant();
    const secrets: string[] = Object.values(t.keys);
    for (const key of secrets) {
      await h.request.get("/v1/status").set(bearer(key));
      await h.request.get("/v1/contexts").set(bearer(key));
    }
    await h.request.get("/v1/status").set(bearer(`${t.keys.full}x`)); // an invalid key is still a secret-looking value
    secrets.push(`${t.keys.full}x`);
    const hook = await h.request
      .post("/v1/webhooks")
      .set(bearer(t.keys.full))
      .send({
        url: "http://receiver.example/hooks",
        events: ["context.created"],
        secret: "whsec_bG9nLXRlc3Qtc2VjcmV0LTAxMjM0NTY3ODk=",
      });
    expect(hook.status).toBe(201);
    secrets.push(hook.body.secret);
    const rotated = await h.request
      .post(`/v1/webhooks/${hook.body.webhook_id}/rotate-secret`)
      .set(bearer(t.keys.full));
    expect(rotated.status).toBe(200);
    secrets.push(rotated.body.secret);
    await waitFor(() => lines.join("").includes("/rotate-secret"), { what: "the last request's log line" });

    const log = lines.join("");
    expect(log).toContain('"req":{"id":"req_');
    for (const secret of secrets) expect(log).not.toContain(secret);
    expect(log).not.toContain(
      process.env.SIGNER_PRIVATE_KEY ?? "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80",
    );
  });
});
