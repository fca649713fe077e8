"""What the audit asks the chain, each thing once (most entries share a few anchor transactions),
and whether an entry's anchor holds: its transaction, the Anchored log of its root, who sent it,
the depth of its block (packages/sdk/src/audit/chain-reader.ts, anchoring.ts)."""

from __future__ import annotations

from typing import Any, Dict, Optional, Sequence

from .rpc import AnchorOnChain, RpcClient, RpcError

__all__ = ["ChainReader", "anchoring_break"]


class ChainReader:
    def __init__(self, rpc: RpcClient) -> None:
        self.rpc = rpc
        self.anchors: Dict[str, Optional[AnchorOnChain]] = {}
        self.blocks: Dict[int, Optional[str]] = {}
        self.head: Optional[int] = None

    def anchor(self, tx_hash: str) -> Optional[AnchorOnChain]:
        key = tx_hash.lower()
        if key not in self.anchors:
            if len(self.anchors) > 10_000:
                self.anchors.clear()
            try:
                self.anchors[key] = self.rpc.anchor(tx_hash)
            except RpcError:
                self.anchors[key] = None
        return self.anchors[key]

    def block_hash(self, n: int) -> Optional[str]:
        if n not in self.blocks:
            if len(self.blocks) > 10_000:
                self.blocks.clear()
            try:
                self.blocks[n] = self.rpc.block_hash(n)
            except RpcError:
                self.blocks[n] = None
        return self.blocks[n]

    def head_block(self) -> int:
        # read once per audit: every entry's depth is measured against the same block
        if self.head is None:
            self.head = self.rpc.block_number()
        return self.head


def anchoring_break(e: Dict[str, Any], chain: ChainReader, required_confirmations: Optional[int],
                     trusted_submitters: Optional[Sequence[str]]) -> Optional["tuple[str, str]"]:
    tx, root = e["transaction_hash"], e["merkle_root"]
    on_chain = chain.anchor(tx)
    if on_chain is None:
        return "not_confirmed", "the chain has no transaction %s (not mined, or reorged away)" % tx
    if on_chain.status != "success":
        return "unanchored", "transaction %s reverted" % tx
    log = next((a for a in on_chain.anchored if a.root == root.lower()), None)
    if log is None or (e.get("registry_address") and log.registry.lower() != str(e["registry_address"]).lower()):
        return "unanchored", "transaction %s has no Anchored log for %s from the registry" % (tx, root)
    submitters = trusted_submitters if trusted_submitters is not None else (
        [e["anchor_address"]] if e.get("anchor_address") else [])
    if not any(s.lower() == log.submitter.lower() for s in submitters):
        return "unanchored", "its root was anchored by %s, not the service's anchor key" % log.submitter
    # a tree head is anchored with its size: the tree the line's proofs are in must be that one
    anchored_size = (e.get("log") or {}).get("anchored_tree_size")
    if e.get("version") == 4 and log.count != anchored_size:
        return "unanchored", "its root was anchored as a tree of %d leaves, not log.anchored_tree_size %s" % (
            log.count, anchored_size)
    canonical = chain.block_hash(on_chain.block_number)
    if canonical is None or canonical.lower() != on_chain.block_hash.lower():
        return "not_confirmed", "block %d is not on the canonical chain (reorg)" % on_chain.block_number
    required = required_confirmations if required_confirmations is not None else e.get("required_confirmations") or 1
    depth = chain.head_block() - on_chain.block_number + 1
    if depth < required:
        return "not_confirmed", "%d of %d confirmations" % (depth, required)
    return None
