import dns, { type LookupAddress } from "node:dns";
import net from "node:net";
import { type AddressVerdict, classifyAddress } from "@ctxlog/core";
import { buildConnector } from "undici";

/**
 * What a refused attempt records and shows the webhook's owner. It names neither the host nor the
 * address: anyone may create a webhook, and an error saying what an internal name resolved to
 * would map the internal network for them. The detail is for the operator's log only.
 */
export const DESTINATION_NOT_ALLOWED =
  "destination not allowed: webhooks are delivered to public internet addresses only";

/**
 * A connection refused by the SSRF policy. Its message (host, address and why) is for the
 * operator's log; the attempt records DESTINATION_NOT_ALLOWED.
 */
export class BlockedAddressError extends Error {
  override readonly name = "BlockedAddressError";
  readonly code = "ERR_WEBHOOK_ADDRESS_BLOCKED";

  constructor(host: string, verdict: Extract<AddressVerdict, { allowed: false }>) {
    const via =
      host === verdict.address ? "" : net.isIP(host) ? ` (written ${host})` : ` (${host} resolved to it)`;
    super(
      `refused to connect to ${verdict.address}${via}: ${verdict.reason}, not allowed for webhooks ` +
        "(SSRF protection; WEBHOOK_ALLOW_PRIVATE_URLS=true allows it in development)",
    );
  }
}

type Resolver = (
  hostname: string,
  options: dns.LookupAllOptions,
  callback: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

const systemResolver: Resolver = (hostname, options, callback) => dns.lookup(hostname, options, callback);

/**
 * A `lookup` for net/tls.connect that resolves the name and refuses it when any of its addresses
 * is not allowed. net connects to exactly the address returned here, so the address checked is
 * the address connected to: a name cannot resolve to a public address for the check and to a
 * private one for the connection (DNS rebinding).
 */
export function guardedLookup(resolve: Resolver = systemResolver): net.LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, "", 0);
      for (const { address } of addresses) {
        const verdict = classifyAddress(address);
        if (!verdict.allowed) return callback(new BlockedAddressError(hostname, verdict), "", 0);
      }
      const first = addresses[0];
      if (!first)
        return callback(Object.assign(new Error(`no address for ${hostname}`), { code: "ENOTFOUND" }), "", 0);
      // net asks for every address when it races IPv4 and IPv6 (autoSelectFamily), else for one.
      if (options.all) (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      else callback(null, first.address, first.family);
    });
  };
}

export interface GuardedConnectorOptions {
  /** development and tests only: connect anywhere */
  allowPrivate: boolean;
  connectTimeoutMs: number;
  /** tests: stand in for DNS */
  resolve?: Resolver;
}

/**
 * undici's connector with the SSRF policy applied at connect time: IP-literal hosts are checked
 * before any socket exists (net skips `lookup` for them) and names are checked in `lookup`.
 */
export function createGuardedConnector(opts: GuardedConnectorOptions): buildConnector.connector {
  if (opts.allowPrivate) return buildConnector({ timeout: opts.connectTimeoutMs });
  const connect = buildConnector({ timeout: opts.connectTimeoutMs, lookup: guardedLookup(opts.resolve) });
  return (options, callback) => {
    if (net.isIP(options.hostname)) {
      const verdict = classifyAddress(options.hostname);
      if (!verdict.allowed) {
        const error = new BlockedAddressError(options.hostname, verdict);
        queueMicrotask(() => callback(error, null));
        return;
      }
    }
    connect(options, callback);
  };
}
