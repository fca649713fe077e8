// `ctxlog verify`'s --log-key, --witness-key and --witness-threshold: what a version 4 bundle's
// transparency log is held to. Refused here, before the bundle is read, so bad usage exits 2.
import { isTlogError, parseVerifierKey, SIGNATURE_TYPE, witnessPolicy } from "@ctxlog/tlog";
import type { LogTrust } from "./log-checks";

export const LOG_TRUST_OPTIONS = `  --log-key <vkey>            version 4 bundles: the transparency log's verifier key to trust
                              (default: the bundle's log.verifier_key)
  --witness-key <vkey>        a witness's verifier key; repeatable: with --witness-threshold, the
                              witness policy (default: the bundle's log.witness_policy)
  --witness-threshold <k>     how many of the --witness-key witnesses must cosign (default: all)`;

/** The log key and witness policy of the command line (absent: the bundle's own), or why not. */
export function parseLogTrust(values: {
  "log-key"?: string;
  "witness-key"?: string[];
  "witness-threshold"?: string;
}): { ok: true; trust: LogTrust } | { ok: false; problem: string } {
  const trust: LogTrust = {};
  const logKey = values["log-key"];
  if (logKey !== undefined) {
    try {
      trust.logKey = parseVerifierKey(logKey);
    } catch (error) {
      if (!isTlogError(error)) throw error;
      return { ok: false, problem: `--log-key: ${error.shortMessage}` };
    }
    if (trust.logKey.type !== SIGNATURE_TYPE.ed25519) {
      return { ok: false, problem: "--log-key must be a log's Ed25519 verifier key (type 0x01)" };
    }
  }
  const keys = values["witness-key"] ?? [];
  const threshold = values["witness-threshold"];
  if (keys.length === 0 && threshold === undefined) return { ok: true, trust };
  if (threshold !== undefined && !/^[0-9]+$/.test(threshold)) {
    return { ok: false, problem: "--witness-threshold must be an integer ≥ 0" };
  }
  try {
    trust.witnessPolicy = witnessPolicy(threshold === undefined ? keys.length : Number(threshold), keys);
  } catch (error) {
    if (!isTlogError(error)) throw error;
    const details = error.details ? ` (${error.details})` : "";
    return { ok: false, problem: `--witness-key/--witness-threshold: ${error.shortMessage}${details}` };
  }
  return { ok: true, trust };
}
