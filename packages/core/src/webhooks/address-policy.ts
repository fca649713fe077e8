import ipaddr from "ipaddr.js";

/**
 * Which addresses a webhook may connect to (SSRF protection). Deny by default: only addresses in
 * no special-purpose range (ipaddr.js's `unicast`) are allowed. Everything else — loopback,
 * RFC 1918 private, carrier-grade NAT, link-local (where 169.254.169.254, the cloud metadata
 * service, lives), IPv6 unique-local, multicast, broadcast, unspecified, documentation and other
 * reserved ranges, and the IPv6 transition ranges that embed an IPv4 address (NAT64, 6to4,
 * Teredo) — is refused. IPv4-mapped IPv6 (`::ffff:127.0.0.1`) is judged as the IPv4 it maps, and
 * the legacy IPv4 spellings (`2130706433`, `0177.0.0.1`, `0x7f.1`) parse to what they mean.
 */
export type AddressVerdict =
  | { allowed: true; address: string }
  | { allowed: false; address: string; reason: string };

const REASONS: Record<string, string> = {
  unspecified: "an unspecified address",
  broadcast: "a broadcast address",
  multicast: "a multicast address",
  linkLocal: "a link-local address",
  loopback: "a loopback address",
  carrierGradeNat: "a carrier-grade NAT (shared) address",
  private: "a private address",
  reserved: "a reserved address",
  uniqueLocal: "a unique-local address",
  rfc6145: "an IPv4-translated address",
  rfc6052: "a NAT64 address",
  "6to4": "a 6to4 address",
  teredo: "a Teredo address",
  benchmarking: "a benchmarking address",
  as112: "an AS112 address",
  as112v6: "an AS112 address",
  amt: "an AMT address",
  orchid2: "an ORCHIDv2 address",
  droneRemoteIdProtocolEntityTags: "a reserved address",
};

// Named so the error says what was being reached for; all of them are refused by range anyway.
const CLOUD_METADATA = new Set([
  "169.254.169.254",
  "169.254.170.2",
  "100.100.100.200",
  "192.0.0.192",
  "fd00:ec2::254",
]);

/**
 * Classifies an IP address (any spelling ipaddr.js parses). Not an IP at all → refused: callers
 * pass resolved addresses, so anything else is a bug or an attack.
 */
export function classifyAddress(raw: string): AddressVerdict {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    // A zone id (`fe80::1%eth0`) only ever accompanies link-local addresses; drop it to parse.
    parsed = ipaddr.parse(raw.replace(/%.*$/, ""));
  } catch {
    return { allowed: false, address: raw, reason: "not an IP address" };
  }
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  const address = parsed.toString();
  if (CLOUD_METADATA.has(address)) {
    return { allowed: false, address, reason: "a cloud metadata address" };
  }
  const range = parsed.range();
  if (range !== "unicast") {
    return { allowed: false, address, reason: REASONS[range] ?? `a special-purpose address (${range})` };
  }
  // ::a.b.c.d (IPv4-compatible, deprecated by RFC 4291) is "unicast" to ipaddr.js; nothing
  // legitimate lives in ::/96, and some stacks still route it to the embedded IPv4.
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).parts.slice(0, 6).every((p) => p === 0)) {
    return { allowed: false, address, reason: "an IPv4-compatible IPv6 address" };
  }
  return { allowed: true, address };
}

/** True for a host that is an IP address in any spelling, bracketed IPv6 included. */
export function isIpLiteral(host: string): boolean {
  return ipaddr.isValid(host.replace(/^\[(.*)\]$/, "$1"));
}
