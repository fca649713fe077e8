"""verify_pack: an evidence pack (docs/evidence.md) checked offline, file by file in the order of
the TypeScript verifier (verify-pack.ts), stopping at the first failure and naming it (file, line,
check). No network, no clock; entries.ndjson and erasures.ndjson are read line by line from the
zip stream."""

from __future__ import annotations

import os
from dataclasses import asdict, dataclass, field
from typing import Any, Dict, List, Optional, Sequence, Union

from ..tlog import NoteVerifierKey, WitnessPolicy
from .anchors import check_anchors
from .completeness import check_activity, check_completeness
from .entries import check_entries
from .erasures import ErasureLedger
from .failure import PackCheckFailed, PackFailure, fail_at, guarded
from .log_key import pinned_log_keys
from .manifest import MANIFEST_FILE, PACK_FILES, manifest_shape_problem, manifest_signature_problem
from .pack_zip import PackZip
from .signers import read_signers
from .witnesses import RecordedWitnesses, pack_witnesses

__all__ = ["VerifyPackResult", "verify_pack"]

PackSource = Union[str, bytes, bytearray, "os.PathLike[str]", PackZip]


@dataclass
class VerifyPackResult:
    #: "verified"; "verified_data_unavailable" when entries were erased; "failed" at `failure`
    verdict: str = "failed"
    #: True for both verified verdicts
    verified: bool = False
    #: the first check that failed, or None
    failure: Optional[PackFailure] = None
    manifest: Optional[Dict[str, Any]] = None
    entries: int = 0
    #: the sequences whose data was erased: proven without their data
    erased_sequences: List[int] = field(default_factory=list)
    #: each anchoring block proven offline: what --rpc-url checks is canonical
    blocks: List[Dict[str, Any]] = field(default_factory=list)
    required_confirmations: Optional[int] = None
    #: whose key the tree heads' checkpoints were opened with: "given" (the log keys given) or "pack" (each its own)
    log_key: str = "pack"
    #: whose witness policy the tree heads were held to ("given", "pack" or "none"), its threshold and
    #: witnesses when given, and how many tree heads the pack holds; None when a check failed
    witnesses: Optional[Dict[str, Any]] = None

    def to_dict(self) -> Dict[str, Any]:
        """The TypeScript verifier's JSON (`ctxlog verify-pack --json`), in its key order."""
        out = asdict(self)
        out["failure"] = self.failure.to_dict() if self.failure else None
        return out


def verify_pack(source: PackSource, rpc_url: Optional[str] = None, *,
                trusted_signers: Optional[Sequence[str]] = None,
                trusted_submitters: Optional[Sequence[str]] = None,
                witness_policy: Optional[WitnessPolicy] = None,
                log_keys: Optional[Sequence[Union[str, NoteVerifierKey]]] = None) -> VerifyPackResult:
    """Verifies an evidence pack: a path, the zip's bytes, or an open PackZip. Offline unless
    `rpc_url` is given; then, once the offline checks pass, each anchoring block must still be the
    chain's (canonical_block). `witness_policy` (ctxlog.tlog.witness_policy): the witnesses you
    trust, whose cosignatures each tree head's checkpoint must carry; without it each version 4
    entry's checkpoint is held to the entry's own log.witness_policy (the pack's word). `log_keys`:
    the transparency log's verifier keys you trust, one of which each tree head's verifier_key must
    be; without them each tree head's checkpoint is opened with its own (the pack's word); a
    malformed key raises TlogError before the pack is read. Raises PackReadError for bytes that are
    no zip (OSError for a path that cannot be opened), and RpcUnreachableError when the RPC endpoint
    cannot be asked: the offline verdict stands, as the error's `offline_result`."""
    pinned = None if log_keys is None else pinned_log_keys(log_keys)
    result = VerifyPackResult(log_key="pack" if pinned is None else "given")
    pack = source if isinstance(source, PackZip) else PackZip(source)
    try:
        _run_checks(pack, trusted_signers, trusted_submitters, witness_policy, pinned, result)
        result.verdict = "verified_data_unavailable" if result.erased_sequences else "verified"
        result.verified = True
    except PackCheckFailed as failed:
        result.failure = failed.failure
    finally:
        if pack is not source:
            pack.close()
    if result.verified and rpc_url:
        from ..errors import RpcUnreachableError
        from .canonical_blocks import check_canonical_blocks

        try:
            failure = check_canonical_blocks(result, rpc_url)
        except RpcUnreachableError as error:
            error.offline_result = result  # type: ignore[attr-defined] - the verdict without the node
            raise
        if failure:
            result.verdict, result.verified, result.failure = "failed", False, failure
    return result


def _run_checks(pack: PackZip, trusted_signers: Optional[Sequence[str]],
                trusted_submitters: Optional[Sequence[str]], witness_policy: Optional[WitnessPolicy],
                log_keys: Optional[Sequence[str]], result: VerifyPackResult) -> None:
    expected = [MANIFEST_FILE, *PACK_FILES]
    missing = [name for name in expected if not pack.has(name)]
    if missing:
        fail_at("pack", None, "files", "missing %s" % ", ".join(missing))
    extra = [name for name in pack.names() if name not in expected]
    if extra:
        fail_at("pack", None, "files", "unexpected %s" % ", ".join(extra))

    manifest = pack.json(MANIFEST_FILE)
    shape = manifest_shape_problem(manifest)
    if shape:
        fail_at(MANIFEST_FILE, None, "manifest", shape)
    signature = manifest_signature_problem(manifest, trusted_signers)
    if signature:
        fail_at(MANIFEST_FILE, None, "manifest_signature", signature)
    result.manifest = manifest
    for name in PACK_FILES:
        digest, listed = pack.digests[name], manifest["files"][name]
        if digest.sha256 != listed["sha256"] or digest.size != listed["bytes"]:
            fail_at(name, None, "file_hash", "SHA-256 %s (%d bytes), the manifest says %s (%d bytes)" % (
                digest.sha256, digest.size, listed["sha256"], listed["bytes"]))

    signers = read_signers(pack.json("signers.json"))
    manifest_signer = signers.attestation_problem(manifest["signer"], manifest["created_at"])
    if manifest_signer:
        fail_at(MANIFEST_FILE, None, "manifest_signature", manifest_signer)
    anchors = check_anchors(pack.json("anchors.json"), signers, trusted_submitters, witness_policy, log_keys)
    result.required_confirmations = anchors.required_confirmations
    recorded = RecordedWitnesses()
    erasures = ErasureLedger(pack.ndjson("erasures.ndjson"))
    entries = check_entries(pack.ndjson("entries.ndjson"), manifest, anchors, signers, erasures, trusted_signers,
                            None if witness_policy is not None else recorded)
    erasures.all_used()
    for tx in anchors.by_transaction:
        if tx not in entries.transactions:
            fail_at("anchors.json", None, "anchor_reference", "transaction %s anchors no entry of the pack" % tx)
    completeness = pack.json("completeness.json")
    guarded("completeness.json", None, "completeness",
            lambda: check_completeness(completeness, manifest, entries, signers, trusted_signers))
    check_activity(pack.json("activity.json"), entries)
    pack.json("policy.json")

    counts = {"entries": entries.count, "erased": len(entries.erased_sequences),
              "anchors": len(anchors.by_transaction), "erasures": erasures.size}
    c = manifest["counts"]
    if any(c[k] != v for k, v in counts.items()):
        fail_at(MANIFEST_FILE, None, "counts", "counts %s, the pack holds %s" % (_json(c), _json(counts)))

    tree_heads = sum(1 for a in anchors.by_transaction.values() if a.tree_head is not None)
    result.witnesses = pack_witnesses(witness_policy, recorded, tree_heads)
    result.entries = entries.count
    result.erased_sequences = entries.erased_sequences
    result.blocks = [{"block_number": a.block_number, "block_hash": a.block_hash}
                     for a in anchors.by_transaction.values()]


def _json(value: Any) -> str:
    import json

    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))
