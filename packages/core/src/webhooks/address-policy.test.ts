import { classifyAddress, isIpLiteral } from "./address-policy";

describe("classifyAddress — refused (SSRF)", () => {
  const refused: [string, RegExp][] = [
    ["127.0.0.1", /loopback/],
    ["127.255.255.254", /loopback/],
    ["10.0.0.1", /private/],
    ["172.16.5.4", /private/],
    ["172.31.255.255", /private/],
    ["192.168.1.1", /private/],
    ["100.64.0.1", /carrier-grade NAT/],
    ["169.254.1.1", /link-local/],
    ["169.254.169.254", /cloud metadata/],
    ["100.100.100.200", /cloud metadata/],
    ["0.0.0.0", /unspecified/],
    ["255.255.255.255", /broadcast/],
    ["224.0.0.1", /multicast/],
    ["239.255.255.250", /multicast/],
    ["192.0.2.10", /reserved/],
    ["198.18.0.1", /reserved|benchmarking/],
    ["240.0.0.1", /reserved/],
    // IPv6
    ["::1", /loopback/],
    ["::", /unspecified/],
    ["fe80::1", /link-local/],
    ["fe80::1%eth0", /link-local/],
    ["fc00::1", /unique-local/],
    ["fd12:3456:789a::1", /unique-local/],
    ["fd00:ec2::254", /cloud metadata/],
    ["ff02::1", /multicast/],
    ["2001:db8::1", /reserved/],
    ["64:ff9b::7f00:1", /NAT64/],
    ["2002:7f00:1::1", /6to4/],
    ["2001:0::1", /Teredo/],
    ["::7f00:1", /IPv4-compatible/],
    // IPv4-mapped IPv6 is judged as the IPv4 it maps to
    ["::ffff:127.0.0.1", /loopback/],
    ["::ffff:7f00:1", /loopback/],
    ["::ffff:10.0.0.1", /private/],
    ["::ffff:169.254.169.254", /cloud metadata/],
    // legacy IPv4 spellings
    ["2130706433", /loopback/],
    ["0177.0.0.1", /loopback/],
    ["0x7f.0.0.1", /loopback/],
    ["0x7f.1", /loopback/],
    ["017700000001", /loopback/],
    ["0xa.0.0.1", /private/],
    ["3232235777", /private/],
    // not an address at all
    ["example.com", /not an IP/],
    ["", /not an IP/],
  ];
  it.each(refused)("%s → refused (%s)", (address, reason) => {
    const verdict = classifyAddress(address);
    expect(verdict.allowed).toBe(false);
    if (!verdict.allowed) expect(verdict.reason).toMatch(reason);
  });

  it("names the canonical address it judged", () => {
    expect(classifyAddress("2130706433")).toMatchObject({ address: "127.0.0.1" });
    expect(classifyAddress("::ffff:7f00:1")).toMatchObject({ address: "127.0.0.1" });
  });
});

describe("classifyAddress — allowed", () => {
  it.each(["8.8.8.8", "93.184.216.34", "1.1.1.1", "2606:4700:4700::1111", "::ffff:8.8.8.8", "2a00:1450::1"])(
    "%s is a public unicast address",
    (address) => {
      expect(classifyAddress(address).allowed).toBe(true);
    },
  );
});

describe("isIpLiteral", () => {
  it("tells IP spellings from host names", () => {
    expect(isIpLiteral("127.0.0.1")).toBe(true);
    expect(isIpLiteral("[::1]")).toBe(true);
    expect(isIpLiteral("::1")).toBe(true);
    expect(isIpLiteral("example.com")).toBe(false);
    expect(isIpLiteral("localhost")).toBe(false);
  });
});
