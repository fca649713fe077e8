"""C2SP tlog-checkpoint note text (packages/core/src/tlog/checkpoint.ts):

    <origin>\\n<tree size, decimal>\\n<base64 root hash>\\n[<extension line>\\n]...

The origin is any non-empty line; extension lines, when present, are non-empty and opaque."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import List

from ._bytes import from_base64, to_base64
from .errors import TlogError
from .rfc6962 import HASH_SIZE, MAX_TREE_SIZE, check_tree_size
from .signed_note import check_note_text

__all__ = ["Checkpoint", "MAX_CHECKPOINT_EXTENSIONS", "format_checkpoint", "parse_checkpoint"]

#: far beyond any origin in use (and the signed note's own cap bounds the whole text anyway)
MAX_CHECKPOINT_EXTENSIONS = 64
_SIZE = re.compile(r"^(?:0|[1-9][0-9]{0,15})\Z")


@dataclass(frozen=True)
class Checkpoint:
    origin: str
    size: int
    root_hash: bytes
    extensions: List[str] = field(default_factory=list)


def format_checkpoint(checkpoint: Checkpoint) -> str:
    check_tree_size(checkpoint.size)
    if not isinstance(checkpoint.origin, str) or not checkpoint.origin or "\n" in checkpoint.origin:
        raise TlogError("invalid_argument", "checkpoint origin must be one non-empty line")
    if len(checkpoint.root_hash) != HASH_SIZE:
        raise TlogError("invalid_argument", "root hash must be %d bytes" % HASH_SIZE)
    for line in checkpoint.extensions:
        if not line or "\n" in line:
            raise TlogError("invalid_argument", "extension lines must be one non-empty line each")
    lines = [checkpoint.origin, str(checkpoint.size), to_base64(checkpoint.root_hash)] + list(checkpoint.extensions)
    text = "".join(line + "\n" for line in lines)
    check_note_text(text)
    return text


def parse_checkpoint(text: str) -> Checkpoint:
    """Parses a checkpoint's note text (once its signature is checked: before, the text means nothing)."""
    check_note_text(text)
    lines = text[:-1].split("\n")
    if len(lines) < 3:
        raise TlogError("malformed", "checkpoint has fewer than three lines")
    if len(lines) > 3 + MAX_CHECKPOINT_EXTENSIONS:
        raise TlogError("too_large", "checkpoint has more than %d extension lines" % MAX_CHECKPOINT_EXTENSIONS)
    origin, size_text, root_text, extensions = lines[0], lines[1], lines[2], lines[3:]
    if not origin:
        raise TlogError("malformed", "checkpoint origin is empty")
    if not _SIZE.match(size_text) or int(size_text) > MAX_TREE_SIZE:
        raise TlogError("malformed", "checkpoint tree size is not a decimal number from 0 to 2^53 − 1",
                        repr(size_text[:32]))
    try:
        root_hash = from_base64(root_text, "root hash")
    except TlogError:
        raise TlogError("malformed", "checkpoint root hash is not base64") from None
    if len(root_hash) != HASH_SIZE:
        raise TlogError("malformed", "checkpoint root hash is not %d bytes" % HASH_SIZE)
    if any(not line for line in extensions):
        raise TlogError("malformed", "checkpoint has an empty extension line")
    return Checkpoint(origin, int(size_text), root_hash, extensions)
