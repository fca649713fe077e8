import { checkWebhookUrl } from "./webhook-url";

const strict = { allowInsecure: false, allowPrivate: false };
const dev = { allowInsecure: true, allowPrivate: true };

describe("checkWebhookUrl", () => {
  it("accepts https and returns the normalized URL", () => {
    expect(checkWebhookUrl("https://Example.com/hooks?x=1", strict)).toEqual({
      ok: true,
      url: "https://example.com/hooks?x=1",
    });
  });

  it.each([
    ["http://example.com/", /https/],
    ["ftp://example.com/", /https/],
    ["not a url", /valid absolute URL/],
    ["/relative", /valid absolute URL/],
    ["https://user:pw@example.com/", /credentials/],
    ["https://example.com/#frag", /fragment/],
    [`https://example.com/${"a".repeat(2100)}`, /at most 2048/],
    ["https://127.0.0.1/", /loopback/],
    ["https://2130706433/", /127\.0\.0\.1, a loopback/],
    ["https://0177.0.0.1/", /loopback/],
    ["https://0x7f.1/", /loopback/],
    ["https://[::1]/", /loopback/],
    ["https://[::ffff:127.0.0.1]/", /loopback/],
    ["https://10.1.2.3/", /private/],
    ["https://169.254.169.254/latest/meta-data", /cloud metadata/],
    ["https://[fd00::1]/", /unique-local/],
    ["https://localhost/", /localhost/],
    ["https://api.localhost./", /localhost/],
  ])("refuses %s", (url, problem) => {
    const result = checkWebhookUrl(url, strict);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problem).toMatch(problem);
  });

  it("allows plain http and private addresses only when configured (development)", () => {
    expect(checkWebhookUrl("http://127.0.0.1:8080/hook", dev)).toEqual({
      ok: true,
      url: "http://127.0.0.1:8080/hook",
    });
    expect(checkWebhookUrl("http://example.com/", { allowInsecure: true, allowPrivate: false }).ok).toBe(
      true,
    );
    expect(checkWebhookUrl("https://127.0.0.1/", { allowInsecure: false, allowPrivate: true }).ok).toBe(true);
  });
});
