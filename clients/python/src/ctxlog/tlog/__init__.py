"""The transparency log's formats, read side, as @ctxlog/core's (packages/core/src/tlog): RFC 6962
trees and proofs (SHA-256), C2SP signed notes, checkpoints, tlog-cosignature/v1 and k-of-n witness
policies, tlog-tiles paths and entry bundles. Pure: no I/O. Every refusal is a TlogError with a
`reason` from TLOG_ERROR_REASONS."""

from .checkpoint import Checkpoint, format_checkpoint, parse_checkpoint
from .errors import TLOG_ERROR_REASONS, TlogError
from .note_keys import (SIGNATURE_TYPE_COSIGNATURE_V1, SIGNATURE_TYPE_ED25519, NoteSignerKey, NoteVerifierKey,
                        format_verifier_key, key_id, parse_signer_key, parse_verifier_key)
from .note_verifiers import NoteSigner, NoteVerifier, cosignature_timestamp, note_signer, note_verifier
from .open_checkpoint import OpenedCheckpoint, open_checkpoint
from .open_note import OpenedNote, open_note, sign_note
from .prove import prove_consistency, prove_inclusion, tree_hash
from .rfc6962 import HASH_SIZE, empty_tree_hash, leaf_hash, node_hash
from .signed_note import DEFAULT_NOTE_LIMITS, NoteLimits, NoteSignature, SignedNote, parse_signed_note
from .tiles import decode_entry_bundle, entry_bundle_path, parse_tile_path, tile_hashes, tile_path
from .verify_proofs import MAX_PROOF_HASHES, root_from_inclusion_proof, verify_consistency, verify_inclusion
from .witness_policy import (
    WitnessPolicy, WitnessPolicyResult, check_witness_policy, recorded_witness_policy, witness_policy,
)

__all__ = [
    "TlogError", "TLOG_ERROR_REASONS", "HASH_SIZE", "leaf_hash", "node_hash", "empty_tree_hash", "tree_hash",
    "prove_inclusion", "prove_consistency", "root_from_inclusion_proof", "verify_inclusion", "verify_consistency",
    "MAX_PROOF_HASHES", "SIGNATURE_TYPE_ED25519", "SIGNATURE_TYPE_COSIGNATURE_V1", "NoteVerifierKey",
    "NoteSignerKey", "key_id", "parse_verifier_key", "format_verifier_key", "parse_signer_key", "NoteVerifier",
    "NoteSigner", "note_verifier", "note_signer", "cosignature_timestamp", "NoteSignature", "SignedNote",
    "NoteLimits", "DEFAULT_NOTE_LIMITS", "parse_signed_note", "OpenedNote", "open_note", "sign_note",
    "Checkpoint", "format_checkpoint", "parse_checkpoint", "OpenedCheckpoint", "open_checkpoint",
    "WitnessPolicy", "WitnessPolicyResult", "witness_policy", "recorded_witness_policy", "check_witness_policy",
    "tile_path", "entry_bundle_path", "parse_tile_path", "tile_hashes", "decode_entry_bundle",
]
