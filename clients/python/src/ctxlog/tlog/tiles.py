"""C2SP tlog-tiles paths, tiles and entry bundles, read side (packages/core/src/tlog/tile-paths.ts,
tiles.ts, entry-bundles.ts): enough to read a served log's tiles and check them against a
checkpoint. Tiles are 256 hashes wide; tile level L holds tree level 8·L."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import List, Optional

from .errors import TlogError
from .rfc6962 import HASH_SIZE, MAX_TREE_SIZE

__all__ = ["TILE_HEIGHT", "TILE_WIDTH", "MAX_TILE_LEVEL", "TilePath", "tile_path", "entry_bundle_path",
           "parse_tile_path", "tile_hashes", "decode_entry_bundle"]

TILE_HEIGHT = 8
TILE_WIDTH = 256
MAX_TILE_LEVEL = 63
#: longer than any path a tree of 2^53 leaves has: a longer one is refused before it is split
MAX_TILE_PATH_LENGTH = 64
_PATH = re.compile(r"^tile/(entries|0|[1-9][0-9]?)/((?:x[0-9]{3}/)*[0-9]{3})(?:\.p/([1-9][0-9]{0,2}))?\Z")


@dataclass(frozen=True)
class TilePath:
    #: "tile" (hashes) or "entries" (an entry bundle; level is None)
    kind: str
    level: Optional[int]
    index: int
    width: int


def _check(level: Optional[int], index: int, width: int) -> None:
    if level is not None and not 0 <= level <= MAX_TILE_LEVEL:
        raise TlogError("invalid_argument", "tile level must be 0 to %d" % MAX_TILE_LEVEL, "got %r" % level)
    if not 0 <= index <= MAX_TREE_SIZE:
        raise TlogError("invalid_argument", "tile index must be a non-negative integer", "got %r" % index)
    if not 1 <= width <= TILE_WIDTH:
        raise TlogError("invalid_argument", "tile width must be 1 to %d" % TILE_WIDTH, "got %r" % width)


def _encode_index(index: int) -> str:
    """N in 3-digit groups, all but the last prefixed with x: 1234067 is x001/x234/067."""
    path = "%03d" % (index % 1000)
    while index >= 1000:
        index //= 1000
        path = "x%03d/%s" % (index % 1000, path)
    return path


def _suffix(width: int) -> str:
    return "" if width == TILE_WIDTH else ".p/%d" % width


def tile_path(level: int, index: int, width: int = TILE_WIDTH) -> str:
    _check(level, index, width)
    return "tile/%d/%s%s" % (level, _encode_index(index), _suffix(width))


def entry_bundle_path(index: int, width: int = TILE_WIDTH) -> str:
    _check(None, index, width)
    return "tile/entries/%s%s" % (_encode_index(index), _suffix(width))


def parse_tile_path(path: str) -> TilePath:
    """Parses a tile or entry bundle path; only the one form tile_path/entry_bundle_path write."""
    if not isinstance(path, str) or len(path) > MAX_TILE_PATH_LENGTH:
        raise TlogError("too_large", "tile path is longer than %d characters" % MAX_TILE_PATH_LENGTH)
    match = _PATH.match(path)
    if not match:
        raise TlogError("malformed", "not a tile path", repr(path))
    level_text, index_text, width_text = match.groups()
    index = int(index_text.replace("x", "").replace("/", ""))
    width = TILE_WIDTH if width_text is None else int(width_text)
    level = None if level_text == "entries" else int(level_text)
    try:
        canonical = entry_bundle_path(index, width) if level is None else tile_path(level, index, width)
    except TlogError:
        raise TlogError("malformed", "tile path out of range", repr(path)) from None
    if canonical != path:
        raise TlogError("malformed", "tile path is not in its canonical form", "%r, canonical %r" % (path, canonical))
    return TilePath("entries" if level is None else "tile", level, index, width)


def tile_hashes(tile: TilePath, data: bytes) -> List[bytes]:
    """A hash tile's hashes: exactly width · 32 bytes, or refused."""
    if len(data) != tile.width * HASH_SIZE:
        raise TlogError("malformed", "tile holds %d bytes, not %d" % (len(data), tile.width * HASH_SIZE))
    return [bytes(data[i: i + HASH_SIZE]) for i in range(0, len(data), HASH_SIZE)]


def decode_entry_bundle(data: bytes, width: Optional[int] = None, entry_size: Optional[int] = None) -> List[bytes]:
    """The entries of a bundle (each a big-endian uint16 length, then its bytes). `width`: the
    number its path says it holds; `entry_size`: the one size of every entry (ctxlog's: 32).
    Truncated, trailing or surplus bytes are refused, and no more than 256 entries are read."""
    entries: List[bytes] = []
    at = 0
    while at < len(data):
        if len(entries) == TILE_WIDTH:
            raise TlogError("too_large", "entry bundle holds more than %d entries" % TILE_WIDTH)
        if at + 2 > len(data):
            raise TlogError("malformed", "entry bundle ends inside a length prefix", "at byte %d" % at)
        length = data[at] << 8 | data[at + 1]
        if at + 2 + length > len(data):
            raise TlogError("malformed", "entry bundle ends inside an entry",
                            "entry %d, %d bytes at byte %d" % (len(entries), length, at + 2))
        if entry_size is not None and length != entry_size:
            raise TlogError("malformed", "entry %d is %d bytes, not %d" % (len(entries), length, entry_size))
        entries.append(bytes(data[at + 2: at + 2 + length]))
        at += 2 + length
    if not entries:
        raise TlogError("malformed", "entry bundle is empty")
    if width is not None and len(entries) != width:
        raise TlogError("malformed", "entry bundle holds %d entries, not %d" % (len(entries), width))
    return entries
