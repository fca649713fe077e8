import { REDACTED, redactUrl } from "./redact-url";

const KEY = "sk_4fJ9kQ2mX7pL0aZ8bC1dE3gH5iK6nO9r";
const R = REDACTED;

describe("redactUrl", () => {
  it("leaves ordinary URLs alone", () => {
    for (const url of [
      "/v1/contexts",
      "/v1/contexts?agent_id=planner-7&limit=10&cursor=abc",
      "/v1/contexts/ctx_01ARZ3NDEKTSV4RRFFQ69G5FAV",
      "/v1/webhooks?monkey=1&keyboard=2&desk_0123456789abcdefghij=3",
      "/v1/contexts?agent_id=task_0123456789abcdefghijkl",
    ]) {
      expect(redactUrl(url)).toBe(url);
    }
  });

  it.each([
    "api_key",
    "API_KEY",
    "apikey",
    "apiKey",
    "x-api-key",
    "key",
    "token",
    "access_token",
    "accessToken",
    "id_token",
    "secret",
    "client_secret",
    "password",
    "Password",
    "passwd",
    "pwd",
    "signature",
    "X-Amz-Signature",
    "sig",
    "auth",
    "authorization",
    "credentials",
    "session_id",
    "api%5Fkey",
    "ACCESS%5FTOKEN",
  ])("redacts the value of ?%s=", (name) => {
    expect(redactUrl(`/v1/status?limit=5&${name}=hunter2&x=1`)).toBe(`/v1/status?limit=5&${name}=${R}&x=1`);
  });

  it.each([
    ["a full key", KEY],
    ["a read-only key", "sk_ro_4fJ9kQ2mX7pL0aZ8bC1dE3gH5iK6nO9r"],
    ["a restricted key", "sk_r_4fJ9kQ2mX7pL0aZ8bC1dE3gH5iK6nO9r"],
    ["a public key", "pk_4fJ9kQ2mX7pL0aZ8bC1dE3gH5iK6nO9r"],
    ["a key with %5F for _", "sk%5Fro%5F4fJ9kQ2mX7pL0aZ8bC1dE3gH5iK6nO9r"],
    ["a webhook secret", "whsec_bG9nLXRlc3Qtc2VjcmV0LTAxMjM0NTY3ODk="],
    ["a percent-encoded webhook secret", "whsec_bG9n%2BLXRl%2Fc3Qt%3D"],
  ])("redacts %s wherever it appears", (_name, secret) => {
    for (const url of [
      `/v1/status?q=${secret}`,
      `/v1/status?q=${secret}&limit=2`,
      `/v1/contexts/${secret}`,
      `/v1/contexts/${secret}/proof`,
      `/${secret}`,
      `/v1/status?cursor=x,${secret}`,
    ]) {
      const out = redactUrl(url);
      expect(out).not.toContain(secret);
      expect(out).not.toMatch(/4fJ9kQ2mX7pL0aZ8bC1dE3gH5iK6nO9r|bG9n/);
      expect(out).toContain(R);
    }
    // base64 may hold "/": a webhook secret is redacted to the end of the path, a key only itself
    if (!secret.startsWith("whsec")) {
      expect(redactUrl(`/v1/contexts/${secret}/proof`)).toBe(`/v1/contexts/${R}/proof`);
    }
    expect(redactUrl(`/v1/status?q=${secret}&limit=2`)).toBe(`/v1/status?q=${R}&limit=2`);
  });

  it("redacts a secret-named parameter with no value shape, and keeps a malformed name as is", () => {
    expect(redactUrl("/v1/status?api_key=sk_short")).toBe(`/v1/status?api_key=${R}`);
    expect(redactUrl("/v1/status?%zz=1&token=a")).toBe(`/v1/status?%zz=1&token=${R}`);
  });
});
