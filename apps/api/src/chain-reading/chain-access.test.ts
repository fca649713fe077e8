import { redactUrls } from "./chain-access";

describe("redactUrls", () => {
  it("blanks every URL, whatever carries the provider key", () => {
    const text =
      'HTTP request failed.\nURL: https://eth.example.org/v2/SECRET-KEY\nRequest body: {"method":"eth_chainId"} ' +
      "(also http://user:pw@10.0.0.1:8545/x?key=SECRET2)";
    const redacted = redactUrls(text);
    expect(redacted).not.toMatch(/SECRET|pw@|10\.0\.0\.1/);
    expect(redacted).toContain("URL: [url]");
    expect(redacted).toContain('Request body: {"method":"eth_chainId"}');
  });
});
