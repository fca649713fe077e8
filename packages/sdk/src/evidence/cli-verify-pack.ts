// `ctxlog verify-pack <pack.zip> [--rpc-url <url>]`: an evidence pack checked offline, then (with
// an RPC endpoint) its blocks' canonicity; the exit codes are `ctxlog verify`'s, and so are the
// log key's and witness policy's options (cli-log-trust.ts).
import { parseLogTrust } from "../cli-log-trust";
import { RpcUnreachableError } from "../errors";
import { checkCanonicalBlocks } from "./canonical-blocks";
import { logKeyPhrase } from "./log-key";
import { describeFailure } from "./pack-failure";
import { PackUnreadableError } from "./pack-unreadable";
import { type VerifyPackResult, verifyPack } from "./verify-pack";
import { witnessesPhrase } from "./witnesses";

export const VERIFY_PACK_USAGE = `Usage:
  ctxlog verify-pack <pack.zip> [--rpc-url <url>] [options]

Verifies an evidence pack (GET /v1/agents/:agent_id/evidence) offline: the manifest's signature
and file hashes, every receipt, the chain links, every Merkle proof, each anchoring transaction
against its block's receipts root, the headers' parent links, completeness and the erasures.
With --rpc-url (or env CTXLOG_RPC_URL) also that each anchoring block is still canonical.

Options:
  --expected-signer <addr>    an attestation key you trust; repeatable (default: signers.json's)
  --expected-submitter <addr> an anchor key you trust; repeatable (default: signers.json's)
  --log-key <vkey>            the transparency log's verifier key to trust: each tree head's
                              verifier_key must be it (default: each tree head's own, the pack's word)
  --witness-key <vkey>        a witness's verifier key; repeatable: with --witness-threshold, the
                              witness policy each tree head's checkpoint must meet (default: each
                              version 4 entry's log.witness_policy, the pack's own word)
  --witness-threshold <k>     how many of the --witness-key witnesses must cosign (default: all)
  --json                      print the result as JSON

Exit status: 0 verified, 1 a check failed, 2 bad usage or unreadable pack, 3 RPC unreachable,
4 unexpected error.`;

interface Args {
  file: string;
  rpcUrl?: string;
  expectedSigners?: string[];
  expectedSubmitters?: string[];
  logKey?: string;
  witnessKeys?: string[];
  witnessThreshold?: string;
  json?: boolean;
}

type Out = (text: string) => void;

export async function runVerifyPack(args: Args, out: Out, err: Out): Promise<number> {
  // as `ctxlog verify` reads them, refused before the pack is read
  const trust = parseLogTrust({
    "log-key": args.logKey,
    "witness-key": args.witnessKeys,
    "witness-threshold": args.witnessThreshold,
  });
  if (!trust.ok) {
    err(`ctxlog: ${trust.problem}`);
    return 2;
  }
  let verified: VerifyPackResult;
  try {
    // from the file as a stream: memory bounded however many entries the pack holds
    verified = await verifyPack(args.file, {
      trustedSigners: args.expectedSigners,
      trustedSubmitters: args.expectedSubmitters,
      logKeys: trust.trust.logKey === undefined ? undefined : [trust.trust.logKey],
      witnessPolicy: trust.trust.witnessPolicy,
    });
  } catch (error) {
    if (!(error instanceof PackUnreadableError)) throw error;
    err(`ctxlog: cannot read an evidence pack (zip) from ${args.file}: ${error.message}`);
    return 2;
  }
  const result: VerifyPackResult & { online: boolean } = { ...verified, online: false };
  if (result.verified && args.rpcUrl) {
    try {
      const failure = await checkCanonicalBlocks(result, args.rpcUrl);
      result.online = true;
      if (failure) Object.assign(result, { verdict: "failed", verified: false, failure });
    } catch (error) {
      if (error instanceof RpcUnreachableError) {
        // the offline verdict stands on its own; only the canonical-block check could not run
        out(args.json ? JSON.stringify(result, null, 2) : verdictLine(result));
        err(`ctxlog: ${error.message}`);
        return 3;
      }
      throw error;
    }
  }
  out(args.json ? JSON.stringify(result, null, 2) : verdictLine(result));
  return result.verified ? 0 : 1;
}

function verdictLine(r: VerifyPackResult & { online: boolean }): string {
  const m = r.manifest;
  const what = m
    ? `${m.agent_id} of ${m.user_id}, entries ${m.sequence_range ? `${m.sequence_range.first}-${m.sequence_range.last}` : "none"} (${r.entries}) in ${r.blocks.length} anchors`
    : "the pack";
  // after the entries: whose log key and witness policy the tree heads met
  const witnesses = r.witnesses
    ? `${logKeyPhrase(r.log_key, r.witnesses.tree_heads)}${witnessesPhrase(r.witnesses)}`
    : "";
  const chain = r.online
    ? "; blocks canonical on the RPC's chain"
    : "; offline (--rpc-url to check the blocks are canonical)";
  switch (r.verdict) {
    case "verified":
      return `VERIFIED: ${what}${witnesses}${chain}`;
    case "verified_data_unavailable":
      return `VERIFIED, DATA UNAVAILABLE for ${r.erased_sequences.length} entries (erased: ${r.erased_sequences.join(", ")}): ${what}${witnesses}${chain}`;
    case "failed":
      return `NOT VERIFIED: ${r.failure ? describeFailure(r.failure) : "no result"}`;
  }
}
