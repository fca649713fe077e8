// Integration: real PostgreSQL and Redis; every log line the API writes is captured.
import { Writable } from "node:stream";
import { waitFor } from "@ctxlog/core/testing";
import { bearer, createTestHarness, TEST_SIGNER_KEY, type TestHarness } from "../testing/harness";

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
    // the signer key the app under test actually holds (not whatever the shell exported)
    expect(h.env.SIGNER_PRIVATE_KEY).toBe(TEST_SIGNER_KEY);
    expect(log.toLowerCase()).not.toContain(TEST_SIGNER_KEY.slice(2).toLowerCase());
  });

  it("never write a key or webhook secret sent in the URL (refused, but still logged)", async () => {
    const t = await h.tenant();
    const whsec = "whsec_bG9nLXRlc3Qtc2VjcmV0LTAxMjM0NTY3ODk=";
    const sent: Array<[string, string]> = [];
    for (const key of Object.values(t.keys)) {
      sent.push([`/v1/status?api_key=${key}`, key]);
      sent.push([`/v1/status?limit=1&ACCESS_TOKEN=${encodeURIComponent(key)}`, key]);
      sent.push([`/v1/contexts?agent_id=${key}`, key]); // any parameter: a key is a key
      sent.push([`/v1/contexts/${key}`, key]);
    }
    sent.push([`/v1/webhooks?secret=${encodeURIComponent(whsec)}`, whsec]);
    sent.push([`/v1/webhooks?q=${whsec}`, whsec]);
    sent.push(["/v1/status?password=hunter2-correct-horse", "hunter2-correct-horse"]);
    sent.push(["/v1/status?signature=0xdeadbeefcafebabe", "0xdeadbeefcafebabe"]);
    lines.length = 0;
    for (const [url] of sent) {
      const res = await h.request.get(url);
      expect(res.status).toBe(401); // no Authorization header: a key in the URL is not a credential
    }
    await new Promise((r) => setTimeout(r, 50));

    const log = lines.join("");
    expect(log.match(/"msg":"request completed"/g)).toHaveLength(sent.length);
    expect(log).toContain("[redacted]");
    for (const [, secret] of sent) {
      expect(log).not.toContain(secret);
      expect(log).not.toContain(encodeURIComponent(secret));
      expect(log).not.toContain(secret.slice(-16)); // nor its random part
    }
    expect(log).toContain('"url":"/v1/status?limit=1&ACCESS_TOKEN=[redacted]"');
  });
});
