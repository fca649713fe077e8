"""anchors.json, offline (check-anchors.ts): each anchoring transaction's receipt is in its block
(the receipts root recomputed from all the block's receipts), the block's hash is its header's, and
the headers after it link to it by parent hash up to the confirmation depth; a tree-head anchor's
checkpoint is the log's (one of the pinned log keys, when given), of the root and size the
transaction anchored, cosigned as a given witness policy asks (tree_head.py)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Dict, Optional, Sequence

from ..rpc import ANCHORED_TOPIC
from ..secp256k1 import to_checksum_address
from ..tlog import WitnessPolicy
from ._js import UNDEFINED, is_safe_int, js_number, js_str, lower, not_iterable, prop
from .failure import fail_at, guarded
from .manifest import is_hash32
from .receipts_trie import receipts_root
from .rlp import block_hash
from .signers import SignerPeriods
from .tree_head import ProvenTreeHead, check_tree_head

__all__ = ["ProvenAnchor", "ProvenAnchors", "check_anchors"]

FILE = "anchors.json"
ADDRESS = re.compile(r"^0x[0-9a-fA-F]{40}\Z")
WORD = re.compile(r"^0x[0-9a-fA-F]{64}")


@dataclass
class ProvenAnchor:
    transaction_hash: str
    block_number: int
    block_hash: str
    #: merkle root (lowercase) → submitter, of every Anchored log of the registry in the receipt
    roots: Dict[str, str] = field(default_factory=dict)
    #: the log's tree head this transaction anchored (pack format 2), None for a batch's own tree
    tree_head: Optional[ProvenTreeHead] = None


@dataclass
class ProvenAnchors:
    chain_id: int
    registry_address: str
    required_confirmations: int
    #: by transaction hash, lowercase, in the file's order
    by_transaction: Dict[str, ProvenAnchor]


def check_anchors(parsed: Any, signers: SignerPeriods, trusted_submitters: Optional[Sequence[str]] = None,
                  witness_policy: Optional[WitnessPolicy] = None,
                  log_keys: Optional[Sequence[str]] = None) -> ProvenAnchors:
    """`log_keys`: the pinned log keys in canonical form (log_key.pinned_log_keys), None for the pack's own."""
    if not isinstance(parsed, dict):
        fail_at(FILE, None, "anchor_shape", "must be a JSON object")
    chain_id = parsed.get("chain_id")
    if not is_safe_int(chain_id) or chain_id < 1:
        fail_at(FILE, None, "anchor_shape", "chain_id must be an integer ≥ 1")
    if not ADDRESS.match(js_str(parsed.get("registry_address", UNDEFINED))):
        fail_at(FILE, None, "anchor_shape", "registry_address must be an address")
    required = parsed.get("required_confirmations")
    if not is_safe_int(required) or required < 1:
        fail_at(FILE, None, "anchor_shape", "required_confirmations must be an integer ≥ 1")
    if not isinstance(parsed.get("anchors"), list):
        fail_at(FILE, None, "anchor_shape", "anchors must be an array")
    by_transaction: Dict[str, ProvenAnchor] = {}
    for i, anchor in enumerate(parsed["anchors"]):
        at = "anchors[%d]" % i
        proven = guarded(FILE, None, "anchor_shape", lambda: _check_anchor(
            anchor, at, parsed, signers, trusted_submitters, witness_policy, log_keys), at)
        if proven.transaction_hash in by_transaction:
            fail_at(FILE, None, "anchor_shape", "transaction %s is listed twice" % proven.transaction_hash, at)
        by_transaction[proven.transaction_hash] = proven
    return ProvenAnchors(chain_id, parsed["registry_address"].lower(), required, by_transaction)


def _proven_hash(header: Any, at: str) -> str:
    """The header's hash recomputed, failing at `at` when it is malformed or not its `hash`."""
    if not isinstance(header, dict):
        fail_at(FILE, None, "anchor_shape", "must be a block header object", at)
    try:
        computed = block_hash(header)
    except TypeError as error:
        return fail_at(FILE, None, "block_hash", str(error), at)
    if computed != lower(prop(header, "hash")):
        fail_at(FILE, None, "block_hash", "the header's fields hash to %s, not its hash %s" % (
            computed, js_str(prop(header, "hash"))), at)
    return computed


def _anchored(log: Any, registry: str) -> Optional["tuple[str, str, int]"]:
    """(root, submitter, count) of a registry's Anchored log, None for another event (as viem's
    decodeEventLog: the selector, then two indexed topics, then the uint32 count in the data)."""
    topics = prop(log, "topics")
    data = prop(log, "data")
    if not isinstance(topics, list) or not topics or topics[0] != ANCHORED_TOPIC or len(topics) < 3:
        return None
    root, submitter = topics[1], topics[2]
    if not (isinstance(root, str) and WORD.match(root) and isinstance(submitter, str) and WORD.match(submitter)):
        return None
    if not isinstance(data, str) or not re.match(r"^0x(?:[0-9a-fA-F]{2}){32,}\Z", data):
        return None
    return root[:66].lower(), to_checksum_address(bytes.fromhex(submitter[26:66])), int(data[2:66], 16)


def _check_anchor(anchor: Any, at: str, file: Dict[str, Any], signers: SignerPeriods,
                  trusted_submitters: Optional[Sequence[str]], witness_policy: Optional[WitnessPolicy],
                  log_keys: Optional[Sequence[str]]) -> ProvenAnchor:
    if not (isinstance(anchor, dict) and is_hash32(anchor.get("transaction_hash"))
            and is_safe_int(anchor.get("block_number")) and isinstance(anchor.get("transaction"), dict)
            and isinstance(anchor.get("block"), dict) and isinstance(anchor.get("receipts"), list)
            and isinstance(anchor.get("headers"), list)):
        fail_at(FILE, None, "anchor_shape",
                "must be {transaction_hash, block_number, transaction, block, receipts, headers}", at)
    tx = anchor["transaction_hash"].lower()
    block, transaction, number = anchor["block"], anchor["transaction"], anchor["block_number"]
    if js_number(prop(block, "number")) != number:
        fail_at(FILE, None, "anchor_shape", "block is block %s, not block_number %d" % (
            js_str(js_number(prop(block, "number"))), number), at)
    if lower(prop(transaction, "hash")) != tx or lower(prop(transaction, "blockHash")) != lower(prop(block, "hash")):
        fail_at(FILE, None, "anchor_shape", "transaction is not the transaction_hash in this block",
                at + ".transaction")

    # the transaction's receipt, at its index among the block's receipts
    index = js_number(prop(transaction, "transactionIndex"))
    receipt = prop(anchor["receipts"], index) if isinstance(index, int) else UNDEFINED
    if not isinstance(receipt, dict) or lower(prop(receipt, "transactionHash")) != tx or lower(
            prop(receipt, "blockHash")) != lower(prop(block, "hash")):
        fail_at(FILE, None, "anchor_receipt", "receipts[%s] is not the receipt of %s in this block" % (
            js_str(index), tx), at)
    if receipt.get("status") != "0x1" or not isinstance(receipt.get("status"), str):
        fail_at(FILE, None, "anchor_receipt", "the transaction reverted (status %s)" % js_str(
            receipt.get("status", UNDEFINED)), at)
    if lower(receipt.get("to", UNDEFINED)) != file["registry_address"].lower():
        fail_at(FILE, None, "anchor_receipt", "the transaction was sent to %s, not the registry %s" % (
            js_str(receipt.get("to", UNDEFINED)), file["registry_address"]), at)

    # the registry's Anchored logs: the roots this transaction anchored, and who sent them
    roots: Dict[str, str] = {}
    counts: Dict[str, int] = {}  # root → the Anchored log's count
    logs = receipt.get("logs")
    if logs is not None and not isinstance(logs, (list, str)):
        raise not_iterable(logs)
    for log in logs or []:
        if lower(prop(log, "address")) != file["registry_address"].lower():
            continue
        found = _anchored(log, file["registry_address"])
        if found:
            roots[found[0]] = found[1]
            counts[found[0]] = found[2]
    if not roots:
        fail_at(FILE, None, "anchored_log", "no Anchored log of the registry in the receipt of %s" % tx, at)
    tree_head = None if "tree_head" not in anchor else check_tree_head(anchor["tree_head"], at, tx, counts,
                                                                       witness_policy, log_keys)
    for submitter in dict.fromkeys(roots.values()):
        if not signers.is_anchor_key(submitter, trusted_submitters):
            fail_at(FILE, None, "anchor_submitter", "anchored by %s, not %s" % (
                submitter, "a trusted submitter" if trusted_submitters is not None else "an anchor key of signers.json"),
                at)

    try:
        root = receipts_root(anchor["receipts"])
    except Exception as error:  # noqa: BLE001 - any malformed receipt of the block
        return fail_at(FILE, None, "receipts_root", str(error), at + ".receipts")
    if root != lower(prop(block, "receiptsRoot")):
        fail_at(FILE, None, "receipts_root", "the block's receipts make root %s, not its receiptsRoot %s" % (
            root, js_str(prop(block, "receiptsRoot"))), at)
    hash_ = _proven_hash(block, at + ".block")

    # the blocks on top of it, each the child of the one before
    parent = hash_
    for j, header in enumerate(anchor["headers"]):
        where = "%s.headers[%d]" % (at, j)
        child = _proven_hash(header, where)
        if lower(prop(header, "parentHash")) != parent:
            fail_at(FILE, None, "confirmations", "parentHash is %s, not the block before (%s)" % (
                js_str(prop(header, "parentHash")), parent), where)
        if js_number(prop(header, "number")) != number + j + 1:
            fail_at(FILE, None, "confirmations", "is block %s, not %d" % (
                js_str(js_number(prop(header, "number"))), number + j + 1), where)
        parent = child
    depth = len(anchor["headers"]) + 1
    if depth < file["required_confirmations"]:
        fail_at(FILE, None, "confirmations", "%d linked blocks < %d required confirmations" % (
            depth, file["required_confirmations"]), at)
    return ProvenAnchor(tx, number, hash_, roots, tree_head)
