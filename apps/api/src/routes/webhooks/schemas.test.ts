// The patterns the OpenAPI document shows for a webhook's url and secret must never be looser
// than the server's own checks, or a client generated from the document sends what we refuse.
import { randomBytes } from "node:crypto";
import { checkWebhookUrl, generateWebhookSecret, webhookSecretProblem } from "@ctxlog/core";
import { WEBHOOK_SECRET_PATTERN, WEBHOOK_URL_PATTERN } from "./schemas";

const secretPattern = new RegExp(WEBHOOK_SECRET_PATTERN, "u");
const urlPattern = new RegExp(WEBHOOK_URL_PATTERN, "u");

describe("the documented secret pattern", () => {
  const b64 = (n: number) => randomBytes(n).toString("base64");
  const samples = [
    generateWebhookSecret(),
    ...[22, 23, 24, 25, 26, 32, 48, 62, 63, 64, 65, 66].map((n) => `whsec_${b64(n)}`),
    "whsec_AAAA", // too short
    "whsec_", // nothing after the prefix
    `whsec_${b64(32).replace(/=+$/, "")}`, // 32 bytes carry padding: unpadded is not canonical
    `whsec_${b64(31).slice(0, -2)}B=`, // non-zero padding bits
    `whsec_${b64(31).slice(0, -2)}A=`,
    `whsec_${b64(32).slice(0, -3)}R==`, // non-zero padding bits
    `whsec_${b64(32).slice(0, -3)}Q==`,
    `whsec_${"A".repeat(40)} `,
    "x".repeat(31),
    "x".repeat(32),
    "x".repeat(256),
    "x".repeat(257),
    `${"x".repeat(40)} y`,
    `${"x".repeat(40)}é`,
    `${"x".repeat(40)}\n`,
    `${"~".repeat(20)}${"!".repeat(20)}`,
    `whsec${"x".repeat(40)}`,
    `whsec_${"x".repeat(40)}!`, // whsec_ prefix: base64 rules, not raw ones
  ];

  it.each(samples)("agrees with webhookSecretProblem on %j", (secret) => {
    expect(secretPattern.test(secret)).toBe(webhookSecretProblem(secret) === null);
  });
});

describe("the documented URL pattern", () => {
  const lenient = { allowInsecure: true, allowPrivate: true };
  const refused = [
    "/hooks/ctxlog",
    "hooks.example.com/x",
    "//example.com/x",
    "ftp://example.com/x",
    "javascript:alert(1)",
    "https://example.com/x#frag",
    "https://user:pass@example.com/x",
    "https://user@example.com/x",
    "https://",
    "",
  ];
  it.each(refused)("refuses %j, as the server does", (url) => {
    expect(checkWebhookUrl(url, lenient).ok).toBe(false);
    expect(urlPattern.test(url)).toBe(false);
  });

  const accepted = [
    "https://example.com",
    "https://example.com/hooks/ctxlog?x=1&y=%20",
    "https://example.com:8443/a@b",
    "http://127.0.0.1:3000/hook",
    "https://[::1]:8443/hook",
    "https://example.com?only=query",
  ];
  it.each(accepted)(
    "accepts %j, as the server does (when the deployment allows http and private hosts)",
    (url) => {
      expect(urlPattern.test(url)).toBe(true);
      expect(checkWebhookUrl(url, lenient).ok).toBe(true);
    },
  );
});
