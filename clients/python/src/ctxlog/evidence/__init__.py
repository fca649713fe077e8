"""Evidence packs (docs/evidence.md): `verify_pack` checks one offline, in the TypeScript
verifier's order and with its failure names; `check_canonical_blocks` asks a node that its blocks
are still the chain's. `python -m ctxlog verify-pack` is the command line."""

from .canonical_blocks import check_canonical_blocks
from .failure import PACK_CHECKS, PackCheckFailed, PackFailure, describe_failure
from .manifest import MANIFEST_FILE, PACK_FILES, PACK_FORMAT, manifest_digest, manifest_hash
from .pack_zip import PackReadError, PackZip
from .receipts_trie import encode_receipt, ordered_trie_root, receipts_root
from .rlp import block_hash
from .verify_pack import VerifyPackResult, verify_pack

__all__ = [
    "verify_pack", "VerifyPackResult", "check_canonical_blocks", "PackFailure", "PackCheckFailed",
    "describe_failure", "PACK_CHECKS", "PackReadError", "PackZip", "PACK_FORMAT", "MANIFEST_FILE", "PACK_FILES",
    "manifest_hash", "manifest_digest", "receipts_root", "ordered_trie_root", "encode_receipt", "block_hash",
]
