"""verify_proof: a proof bundle (GET /v1/contexts/:id/proof) checked against any JSON-RPC node,
trusting neither the service nor the bundle, with the same named checks as the TypeScript SDK's
verifyContext. Bundle versions 1, 2 and 3 (3: the signature is the EIP-712 Receipt signature), and 4
(3's fields, the context's leaf in the transparency log: log_checks.py)."""

from __future__ import annotations

import time
from typing import Any, Callable, Dict, List, Optional, Sequence

from .canonical import canonicalize
from .chain_entry import compute_entry_hash, parse_timestamp_ms, receipt_digest
from .errors import RpcUnreachableError
from .keccak import keccak256_hex
from .log_checks import LogKey, inclusion_check, log_checks
from .merkle import process_merkle_proof
from .proof_bundle import V3_DOMAIN, bundle_version, chain_link_problem, erased_at, field_problems, with_held_data
from .rpc import RpcClient, RpcError, rpc_client
from .secp256k1 import eip191_digest, recover_address
from .tlog import WitnessPolicy
from .verify_result import CHECK_NAMES, DATA_CHECKS, V4_CHECK_NAMES, VERDICTS, Check, VerifyResult, verdict_of

__all__ = ["verify_proof", "verdict_of", "VerifyResult", "Check", "CHECK_NAMES", "V4_CHECK_NAMES", "VERDICTS"]

def _lower(s: Any) -> str:
    return str(s).lower()


def _with_fields(name: str, bundle: Any, fields: Sequence[str], body: Callable[[Dict[str, Any]], Check]) -> Check:
    """Runs `body` only when the fields it reads are well-formed; anything else that goes wrong on
    hostile input is a failed check too. Only an unreachable RPC endpoint escapes."""
    problems = field_problems(bundle, fields)
    if problems:
        return Check(name, False, "; ".join(problems))
    try:
        return body(bundle)
    except RpcUnreachableError:
        raise
    except Exception as error:  # noqa: BLE001 - hostile input must fail the check, never crash the verifier
        return Check(name, False, "could not be checked: %s" % error)


def _first_difference(a: str, b: str) -> int:
    i = 0
    while i < len(a) and i < len(b) and a[i] == b[i]:
        i += 1
    return i


def _offline_checks(bundle: Any, expected_signers: Optional[Sequence[str]], log_key: Optional[LogKey] = None,
                    witness_policy: Optional[WitnessPolicy] = None) -> List[Check]:
    def canonical_context(b: Dict[str, Any]) -> Check:
        ctx = b["context"]
        # only the three hashed fields: extra keys in `context` must not change the preimage
        canonical = canonicalize({"agent_id": ctx["agent_id"], "context_data": ctx["context_data"],
                                  "metadata": ctx["metadata"] if "metadata" in ctx else {}})
        if canonical == b["canonical_context"]:
            return Check("canonical_context", True, "RFC 8785 form of context matches")
        return Check("canonical_context", False,
                     "the RFC 8785 form of context differs from canonical_context at character %d"
                     % _first_difference(canonical, b["canonical_context"] or ""))

    def hash_matches(b: Dict[str, Any]) -> Check:
        computed = keccak256_hex((b["canonical_context"] or "").encode("utf-8", "surrogatepass"))
        if computed == _lower(b["context_hash"]):
            return Check("hash_matches", True, "keccak256(canonical_context) = %s" % computed)
        return Check("hash_matches", False,
                     "keccak256(canonical_context) is %s, the bundle says %s" % (computed, b["context_hash"]))

    def signature_valid(b: Dict[str, Any]) -> Check:
        version = bundle_version(b)
        try:
            if version in (3, 4):
                link = chain_link_problem(b)
                if link:
                    return Check("signature_valid", False, link)
                if b.get("eip712_domain") != V3_DOMAIN:
                    return Check("signature_valid", False,
                                 "eip712_domain must be %s (this verifier knows no other)" % V3_DOMAIN)
                digest = receipt_digest(b["context_hash"], b["user_id"], b["context"]["agent_id"], b["sequence"],
                                        b["prev_entry_hash"], parse_timestamp_ms(b.get("received_at")))
                scheme = "EIP-712 Receipt"
            else:
                digest = eip191_digest(bytes.fromhex(b["context_hash"][2:]))
                scheme = "EIP-191"
            recovered = recover_address(digest, b["signature"])
        except ValueError as error:
            return Check("signature_valid", False, "signature does not recover: %s" % error)
        if _lower(recovered) != _lower(b["signer_address"]):
            return Check("signature_valid", False,
                         "signature recovers %s, not signer_address %s" % (recovered, b["signer_address"]))
        if expected_signers is not None and not any(_lower(s) == _lower(recovered) for s in expected_signers):
            return Check("signature_valid", False, "signer %s is not one of the expected signers" % recovered)
        return Check("signature_valid", True, "%s signature by %s" % (scheme, recovered))

    def merkle_proof(b: Dict[str, Any]) -> Check:
        version = bundle_version(b)
        leaf, leaf_name = b["context_hash"], "context_hash"
        if version in (2, 3, 4):
            link = chain_link_problem(b)
            if link:
                return Check("merkle_proof", False, link)
            leaf = compute_entry_hash(b["context_hash"], b["user_id"], b["context"]["agent_id"], b["sequence"],
                                      b["prev_entry_hash"])
            if leaf != _lower(b["entry_hash"]):
                return Check("merkle_proof", False,
                             "entry %s hashes to %s, not its entry_hash %s" % (b["sequence"], leaf, b["entry_hash"]))
            leaf_name = "entry_hash"
            if version == 4:
                return inclusion_check(b, leaf)
        elif version != 1:
            return Check("merkle_proof", False, "version %r is unknown to this verifier" % (version,))
        root = process_merkle_proof(leaf, b["merkle_proof"])
        if root == _lower(b["merkle_root"]):
            return Check("merkle_proof", True,
                         "%d-step proof from %s reaches merkle_root" % (len(b["merkle_proof"]), leaf_name))
        return Check("merkle_proof", False,
                     "the proof from %s reaches %s, not merkle_root %s" % (leaf_name, root, b["merkle_root"]))

    checks = [
        _with_fields("canonical_context", bundle, ["context", "canonical_context", "canonicalization"],
                     canonical_context),
        _with_fields("hash_matches", bundle, ["canonical_context", "context_hash", "hash_algorithm"], hash_matches),
        _with_fields("signature_valid", bundle, ["context_hash", "signature", "signer_address", "signature_scheme"],
                     signature_valid),
        _with_fields("merkle_proof", bundle, ["context_hash", "merkle_proof", "merkle_root", "merkle_algorithm"],
                     merkle_proof),
    ]
    if isinstance(bundle, dict) and bundle_version(bundle) == 4:
        checks += log_checks(bundle, log_key, witness_policy)
    # erased data: the two data checks cannot run (the others still prove what was logged)
    at = erased_at(bundle)
    if at is None:
        return checks
    reason = "unavailable: the context's data was erased%s; supply it as it was logged to check it" % (
        " at " + at if at else "")
    return [Check(c.name, False, reason, True) if c.name in DATA_CHECKS else c for c in checks]


def _chain_checks(bundle: Any, rpc: RpcClient, required: Optional[int], expected_signers: Optional[Sequence[str]],
                  trusted_submitters: Optional[Sequence[str]]) -> "tuple[List[Check], Optional[int], Optional[int]]":
    try:
        chain_id = rpc.chain_id()
    except RpcError as error:  # not even eth_chainId: whatever answers there is no usable node
        raise RpcUnreachableError("RPC endpoint %s did not answer eth_chainId: %s" % (rpc.url, error), rpc.url) from None

    receipt: Optional[Dict[str, Any]] = None
    missing = "the transaction was not found"
    problems = field_problems(bundle, ["transaction_hash"])
    if problems:
        missing = "; ".join(problems)
    else:
        tx_hash = bundle["transaction_hash"]
        try:
            receipt = rpc.transaction_receipt(tx_hash)
            if not receipt:
                missing = "no receipt for %s on chain %d (unknown, dropped or not yet mined)" % (tx_hash, chain_id)
        except RpcError as error:
            missing = "the receipt of %s could not be read: %s" % (tx_hash, error)
    state: Dict[str, Any] = {}

    def transaction(b: Dict[str, Any]) -> Check:
        if not receipt:
            return Check("transaction", False, missing)
        problems = []
        if chain_id != b["chain_id"]:
            problems.append("the RPC serves chain %d, the bundle says chain_id %d" % (chain_id, b["chain_id"]))
        status = "success" if int(receipt.get("status", "0x0"), 16) == 1 else "reverted"
        if status != "success":
            problems.append("the transaction %s" % status)
        to = receipt.get("to")
        if not to or _lower(to) != _lower(b["registry_address"]):
            problems.append("the transaction was sent to %s, not registry %s" % (to or "no address",
                                                                                 b["registry_address"]))
        if problems:
            return Check("transaction", False, "; ".join(problems))
        return Check("transaction", True, "successful call to %s on chain %d" % (to, chain_id))

    def anchored_log(b: Dict[str, Any]) -> Check:
        from .rpc import anchored_logs

        if not receipt:
            return Check("anchored_log", False, missing)
        events = [e for e in anchored_logs(receipt) if _lower(e.registry) == _lower(b["registry_address"])]
        if not events:
            return Check("anchored_log", False, "no Anchored log emitted by %s" % b["registry_address"])
        match = next((e for e in events if e.root == _lower(b["merkle_root"])), None)
        if match is None:
            return Check("anchored_log", False, "the registry anchored %s, not merkle_root %s" % (
                ", ".join(e.root for e in events), b["merkle_root"]))
        state["submitter"] = match.submitter
        if bundle_version(b) == 4:
            # the anchored root is the log's tree at anchored_tree_size, and the event says how large
            size = b["log"].get("anchored_tree_size") if isinstance(b.get("log"), dict) else None
            if match.count != size:
                return Check("anchored_log", False, "Anchored(root, count=%d) by %s, but log.anchored_tree_size "
                             "is %s" % (match.count, match.submitter, size))
        return Check("anchored_log", True, "Anchored(root, count=%d) by %s" % (match.count, match.submitter))

    def anchor_submitter(b: Dict[str, Any]) -> Check:
        if not receipt:
            return Check("anchor_submitter", False, missing)
        by = state.get("submitter")
        if not by:
            return Check("anchor_submitter", False, "no Anchored log for merkle_root, so no submitter to check")
        # the service anchors with its anchor key (anchor_address); before the keys were split,
        # with the key that signed its contexts
        own = [b["signer_address"]] + ([b["anchor_address"]] if b.get("anchor_address") else [])
        allowed = list(trusted_submitters) if trusted_submitters is not None else own + list(expected_signers or [])
        if not any(_lower(a) == _lower(by) for a in allowed):
            whom = ("one of the trusted submitters" if trusted_submitters is not None else
                    "the bundle's anchor key or signer %s (pass trusted_submitters to trust another anchoring account)"
                    % ", ".join(own))
            return Check("anchor_submitter", False, "merkle_root was anchored by %s, not %s" % (by, whom))
        return Check("anchor_submitter", True, "anchored by %s, %s" % (
            by, "a trusted submitter" if trusted_submitters is not None else "the bundle's anchor key"))

    def block(b: Dict[str, Any]) -> Check:
        if not receipt:
            return Check("block", False, missing)
        number = int(receipt["blockNumber"], 16)
        if number != b["block_number"]:
            return Check("block", False, "the transaction is in block %d, the bundle says %d" % (number, b["block_number"]))
        try:
            canonical = rpc.block_hash(number)
        except RpcError:
            canonical = None
        if canonical is None or _lower(canonical) != _lower(receipt["blockHash"]):
            return Check("block", False, "block %d is now %s, not %s (reorg)" % (
                number, canonical or "missing", receipt["blockHash"]))
        return Check("block", True, "block %d (%s) is canonical" % (number, receipt["blockHash"]))

    def confirmations(b: Dict[str, Any]) -> Check:
        if not receipt:
            return Check("confirmations", False, missing)
        depth = max(0, rpc.block_number() - int(receipt["blockNumber"], 16) + 1)
        state["confirmations"] = depth
        needed = required if required is not None else b["required_confirmations"]
        if depth >= needed:
            return Check("confirmations", True, "%d confirmations ≥ %d required" % (depth, needed))
        return Check("confirmations", False, "%d confirmations < %d required" % (depth, needed))

    checks = [
        _with_fields("transaction", bundle, ["chain_id", "registry_address"], transaction),
        _with_fields("anchored_log", bundle, ["registry_address", "merkle_root"], anchored_log),
        _with_fields("anchor_submitter", bundle, [] if trusted_submitters is not None else ["signer_address"],
                     anchor_submitter),
        _with_fields("block", bundle, ["block_number"], block),
        _with_fields("confirmations", bundle, ["required_confirmations"] if required is None else [], confirmations),
    ]
    return checks, state.get("confirmations"), int(receipt["blockNumber"], 16) if receipt else None


def verify_proof(bundle: Any, rpc_url: str, confirmations: Optional[int] = None,
                 expected_signers: Optional[Sequence[str]] = None,
                 trusted_submitters: Optional[Sequence[str]] = None, timeout: float = 10.0,
                 data: Optional[Dict[str, Any]] = None, log_key: Optional[LogKey] = None,
                 witness_policy: Optional[WitnessPolicy] = None) -> VerifyResult:
    """Verifies a proof bundle (a dict, e.g. `client.contexts.proof(id)` or a parsed file):
    canonical form, keccak256 hash, signature (EIP-191, or EIP-712 for version 3), Merkle path,
    then through `rpc_url` only the transaction, its Anchored log and who sent it, the block's
    canonicity and the confirmations (`confirmations` overrides the bundle's required_confirmations).

    A bundle whose data was erased reports canonical_context and hash_matches unavailable (not
    failed) and `data_erased`; `data` ({agent_id, context_data, metadata}, as you kept it) is
    checked instead of the bundle's own data, which runs them again.

    Version 4 (the transparency log) adds checkpoint_signature, witness_cosignatures and
    log_consistency after merkle_proof. `log_key` (the log's verifier key, a string or parsed) and
    `witness_policy` (``ctxlog.tlog.witness_policy(k, witness_keys)``) are what to trust; without
    them the bundle's own log.verifier_key and log.witness_policy are used.

    Tampered or malformed input never raises: it fails the check it breaks. Only an unreachable
    node raises (RpcUnreachableError)."""
    started = time.perf_counter()
    if data is not None:
        bundle = with_held_data(bundle, data)
    offline = _offline_checks(bundle, expected_signers, log_key, witness_policy)
    chain, depth, block_number = _chain_checks(bundle, rpc_client(rpc_url, timeout), confirmations,
                                               expected_signers, trusted_submitters)
    checks = offline + chain
    return VerifyResult(verdict_of(checks) != "failed", checks, depth, block_number,
                        (time.perf_counter() - started) * 1000, any(c.unavailable for c in checks))
