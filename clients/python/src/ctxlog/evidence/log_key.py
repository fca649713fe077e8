"""The log's key of a pack's tree heads (log-key.ts): pinned by the caller (--log-key, `log_keys`),
each tree head's `verifier_key` must be one of the pinned keys (checkpoint_signature); else it is
the pack's own word, as signers.json's keys are without --expected-signer."""

from __future__ import annotations

from typing import List, Optional, Sequence, Union

from ..tlog import NoteVerifierKey, format_verifier_key, parse_verifier_key

__all__ = ["pinned_log_keys", "pinned_log_key_problem", "log_key_phrase"]


def pinned_log_keys(keys: Sequence[Union[str, NoteVerifierKey]]) -> List[str]:
    """The pinned keys in their canonical form (`name+keyid+base64`); raises TlogError on a malformed one."""
    return [format_verifier_key(parse_verifier_key(k) if isinstance(k, str) else k) for k in keys]


def pinned_log_key_problem(key: NoteVerifierKey, written: str, pinned: Sequence[str]) -> Optional[str]:
    """Why the tree head's key (parsed, and as the pack writes it) is not one of the pinned keys, or None."""
    if format_verifier_key(key) in pinned:
        return None
    which = ("the given log key %s" % pinned[0] if len(pinned) == 1
             else "one of the given log keys (%s)" % (", ".join(pinned) or "none"))
    return "verifier_key %s is not %s" % (written, which)


def log_key_phrase(log_key: str, tree_heads: int) -> str:
    """The verdict line's words on the log's key; nothing when unpinned and there is no tree head."""
    if log_key == "given":
        return ("; no tree head to hold to the given log key" if tree_heads == 0
                else "; each tree head (%d) signed by the given log key" % tree_heads)
    return ("" if tree_heads == 0 else
            "; each tree head (%d) signed by its own verifier_key (the pack's own word; --log-key to pin it)"
            % tree_heads)
