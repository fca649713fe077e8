"""`python -m ctxlog verify-pack <pack.zip> [--rpc-url <url>]` (also `ctxlog-py verify-pack`): an
evidence pack checked offline, then (with an RPC endpoint) its blocks' canonicity; the output and
exit codes are `npx ctxlog verify-pack`'s (cli-verify-pack.ts)."""

from __future__ import annotations

import json
from typing import Any, Callable, Dict, Optional, Sequence

from ..errors import RpcUnreachableError
from ..tlog import NoteVerifierKey, WitnessPolicy
from .canonical_blocks import check_canonical_blocks
from .failure import describe_failure
from .log_key import log_key_phrase
from .pack_zip import PackReadError, PackZip
from .verify_pack import VerifyPackResult, verify_pack
from .witnesses import witnesses_phrase

__all__ = ["VERIFY_PACK_USAGE", "run_verify_pack"]

VERIFY_PACK_USAGE = """  python -m ctxlog verify-pack <pack.zip> [--rpc-url <url>] [--expected-signer addr]...
                              [--expected-submitter addr]... [--log-key vkey] [--witness-key vkey]...
                              [--witness-threshold k] [--json]

verify-pack verifies an evidence pack (GET /v1/agents/:agent_id/evidence) offline: the manifest's
signature and file hashes, every receipt, the chain links, every Merkle proof, each anchoring
transaction against its block's receipts root, the headers' parent links, completeness and the
erasures. With --rpc-url (or env CTXLOG_RPC_URL) also that each anchoring block is still canonical.
--expected-signer / --expected-submitter: the attestation and anchor keys you trust (default: the
pack's signers.json). --log-key: the transparency log's verifier key to trust, which each tree
head's verifier_key must be (default: each tree head's own, the pack's word). --witness-key (each
witness's verifier key) with --witness-threshold (default: all of them): the witness policy each
tree head's checkpoint must meet (default: each version 4 entry's log.witness_policy, the pack's own
word). Exit status: 0 verified, 1 a check failed, 2 bad
usage or unreadable pack, 3 RPC unreachable (the offline verdict is printed first), 4 unexpected
error."""

Out = Callable[[str], None]


def run_verify_pack(file: str, rpc_url: Optional[str], expected_signers: Optional[Sequence[str]],
                    expected_submitters: Optional[Sequence[str]], as_json: bool, out: Out, err: Out,
                    witness_policy: Optional[WitnessPolicy] = None, log_key: Optional[NoteVerifierKey] = None) -> int:
    """`log_key` and `witness_policy`: the command line's (cli.py reads them as `verify` does), None for
    the pack's own."""
    try:
        pack = PackZip(file)
    except (OSError, PackReadError) as error:
        err("ctxlog: cannot read an evidence pack (zip) from %s: %s" % (file, error))
        return 2
    with pack:
        result = verify_pack(pack, trusted_signers=expected_signers, trusted_submitters=expected_submitters,
                             witness_policy=witness_policy, log_keys=None if log_key is None else [log_key])
    online = False
    if result.verified and rpc_url:
        try:
            failure = check_canonical_blocks(result, rpc_url)
            online = True
            if failure:
                result.verdict, result.verified, result.failure = "failed", False, failure
        except RpcUnreachableError as error:
            # the offline verdict stands on its own; only the canonical-block check could not run
            out(_render(result, online, as_json))
            err("ctxlog: %s" % error)
            return 3
    out(_render(result, online, as_json))
    return 0 if result.verified else 1


def _render(result: VerifyPackResult, online: bool, as_json: bool) -> str:
    if as_json:
        data: Dict[str, Any] = dict(result.to_dict(), online=online)
        return json.dumps(data, indent=2, ensure_ascii=False)
    return verdict_line(result, online)


def verdict_line(r: VerifyPackResult, online: bool) -> str:
    m = r.manifest
    if m:
        seq = m["sequence_range"]
        what = "%s of %s, entries %s (%d) in %d anchors" % (
            m["agent_id"], m["user_id"], "%d-%d" % (seq["first"], seq["last"]) if seq else "none", r.entries,
            len(r.blocks))
    else:
        what = "the pack"
    # after the entries: whose log key and witness policy the tree heads met
    witnesses = (log_key_phrase(r.log_key, r.witnesses["tree_heads"]) + witnesses_phrase(r.witnesses)
                 if r.witnesses else "")
    chain = "; blocks canonical on the RPC's chain" if online else "; offline (--rpc-url to check the blocks are canonical)"
    if r.verdict == "verified":
        return "VERIFIED: %s%s%s" % (what, witnesses, chain)
    if r.verdict == "verified_data_unavailable":
        return "VERIFIED, DATA UNAVAILABLE for %d entries (erased: %s): %s%s%s" % (
            len(r.erased_sequences), ", ".join(str(s) for s in r.erased_sequences), what, witnesses, chain)
    return "NOT VERIFIED: %s" % (describe_failure(r.failure) if r.failure else "no result")
