// signers.json: the service's keys in force over the range (GET /v1/signers' items). A receipt's
// signer must be an attestation key whose period covers its received_at, an anchor's submitter an
// anchor key: the same rules as the verification API (docs/verification.md, "Signers").
import { failAt } from "./pack-failure";
import type { SignersFile } from "./pack-format";

const FILE = "signers.json";
/** the clock skew the service allows between its processes (± 1 min) */
const SKEW_MS = 60_000;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

export class SignerPeriods {
  constructor(private readonly signers: SignersFile["signers"]) {}

  /** Why `address` could not sign a receipt at `at` (ISO), or null. */
  attestationProblem(address: string, at: string | undefined): string | null {
    const own = this.signers.filter(
      (s) => s.kind === "attestation" && s.address.toLowerCase() === address.toLowerCase(),
    );
    if (own.length === 0) return `${address} is not an attestation key of signers.json`;
    if (at === undefined) return null; // a version 2 entry: no receipt time to hold to a period
    const t = Date.parse(at);
    const within = own.some(
      (s) =>
        Date.parse(s.valid_from) - SKEW_MS <= t &&
        (s.valid_until === null || t <= Date.parse(s.valid_until) + SKEW_MS),
    );
    return within ? null : `${address} was not a valid attestation key at ${at}`;
  }

  /** Whether `address` may have sent an anchor: one of `trusted` when given, else an anchor key of signers.json. */
  isAnchorKey(address: string, trusted?: readonly string[]): boolean {
    const same = (a: string) => a.toLowerCase() === address.toLowerCase();
    if (trusted) return trusted.some(same);
    return this.signers.some((s) => s.kind === "anchor" && same(s.address));
  }
}

export function readSigners(parsed: unknown): SignerPeriods {
  if (typeof parsed !== "object" || parsed === null || !Array.isArray((parsed as SignersFile).signers))
    failAt(FILE, null, "signers", "must be {signers: [...]}");
  const signers = (parsed as SignersFile).signers;
  signers.forEach((s, i) => {
    const ok =
      typeof s === "object" &&
      s !== null &&
      ADDRESS.test(String(s.address)) &&
      (s.kind === "attestation" || s.kind === "anchor") &&
      !Number.isNaN(Date.parse(String(s.valid_from))) &&
      (s.valid_until === null || !Number.isNaN(Date.parse(String(s.valid_until))));
    if (!ok)
      failAt(
        FILE,
        null,
        "signers",
        "must be {address, kind, valid_from, valid_until} as GET /v1/signers",
        `signers[${i}]`,
      );
  });
  return new SignerPeriods(signers);
}
