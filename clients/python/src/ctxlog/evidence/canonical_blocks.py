"""With an RPC endpoint (canonical-blocks.ts): each anchoring block proven offline is still the
chain's block at its height, and the chain's head is deep enough above it. A node that cannot be
asked raises RpcUnreachableError (the CLI's exit 3), never a failed check."""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from ..errors import RpcUnreachableError
from ..rpc import RpcClient
from .failure import PackFailure

if TYPE_CHECKING:
    from .verify_pack import VerifyPackResult

__all__ = ["check_canonical_blocks"]


def check_canonical_blocks(pack: "VerifyPackResult", rpc_url: str, timeout: float = 10.0) -> Optional[PackFailure]:
    """The first anchoring block the node does not hold at its height (a reorg), or one not deep
    enough on its chain, as a canonical_block failure; None when every block is canonical."""
    try:
        rpc = RpcClient(rpc_url, timeout)
    except ValueError as error:
        # no HTTP endpoint to ask, as the TypeScript verifier (viem) finds it: unreachable, exit 3
        raise RpcUnreachableError("RPC endpoint %s is unreachable: %s" % (rpc_url, error), rpc_url) from None
    try:
        head = rpc.block_number()
        for i, b in enumerate(pack.blocks):
            at = "anchors[%d].block" % i
            found = rpc.block_hash(b["block_number"])
            if not found or found.lower() != b["block_hash"].lower():
                return PackFailure("anchors.json", None, "canonical_block", "block %d is now %s, not %s (reorg)" % (
                    b["block_number"], found or "missing", b["block_hash"]), at)
            depth = head - b["block_number"] + 1
            needed = pack.required_confirmations or 1
            if depth < needed:
                return PackFailure("anchors.json", None, "canonical_block",
                                   "block %d has %d confirmations on the RPC's chain, < %d" % (
                                       b["block_number"], depth, needed), at)
        return None
    finally:
        rpc.close()
