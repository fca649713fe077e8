"""Reads a transparency log over HTTP as C2SP tlog-tiles serves it (`<url>/checkpoint`,
`<url>/tile/<L>/<N>[.p/<W>]`, `<url>/tile/entries/<N>[.p/<W>]`), and builds RFC 6962 proofs from
the tiles (packages/sdk/src/tlog/read-log.ts, audit/log-tiles.ts). Nothing read here is trusted:
the caller opens the checkpoint with the log's key and checks each proof against its root."""

from __future__ import annotations

from typing import Dict, List, Mapping, Optional, Tuple

import httpx

from .errors import CtxlogError
from .tlog import DEFAULT_NOTE_LIMITS, TlogError, decode_entry_bundle, entry_bundle_path, node_hash, tile_path
from .tlog.prove import consistency_proof_ranges, inclusion_proof_ranges

__all__ = ["LogUnreadableError", "LogReader"]

_WIDTH, _HEIGHT, _HASH = 256, 8, 32
#: at most 8 KiB a tile: a few MiB in all, then forgotten and read again when needed
_MAX_CACHED = 512


class LogUnreadableError(CtxlogError):
    """The log could not be read: unreachable, an HTTP error, a timeout, or a body over its limit."""

    def __init__(self, message: str, url: str, status: Optional[int] = None) -> None:
        super().__init__(message)
        self.url = url
        self.status = status


def _tile_width(level: int, index: int, size: int) -> int:
    """The width of tile (level, index) in a tree of `size` leaves (0: the tree has none of it)."""
    return max(0, min(_WIDTH, (size >> (_HEIGHT * level)) - index * _WIDTH))


def _split_point(n: int) -> int:
    k = 1
    while k * 2 < n:
        k *= 2
    return k


class LogReader:
    """One log's checkpoint and tiles, read through one HTTP client; tiles cached (bounded)."""

    def __init__(self, url: str, headers: Optional[Mapping[str, str]] = None, timeout: float = 30.0) -> None:
        self.url = url.rstrip("/")
        self._http = httpx.Client(headers=dict(headers or {}), timeout=timeout, follow_redirects=True)
        self._tiles: Dict[Tuple[int, int, int], bytes] = {}
        self._bundle: Optional[Tuple[Tuple[int, int], List[bytes]]] = None

    def close(self) -> None:
        self._http.close()

    def _get(self, path: str, max_bytes: int) -> Optional[bytes]:
        """The body, None for a 404; refused past max_bytes while it is read."""
        url = "%s/%s" % (self.url, path)
        try:
            with self._http.stream("GET", url) as response:
                if response.status_code == 404:
                    return None
                if response.status_code != 200:
                    raise LogUnreadableError("GET %s: HTTP %d" % (url, response.status_code), url,
                                             response.status_code)
                body = b""
                for chunk in response.iter_bytes():
                    body += chunk
                    if len(body) > max_bytes:
                        raise LogUnreadableError("GET %s: more than the limit of %d bytes" % (url, max_bytes), url)
                return body
        except httpx.HTTPError as error:
            raise LogUnreadableError("GET %s: %s" % (url, error or type(error).__name__), url) from error

    def checkpoint(self) -> str:
        body = self._get("checkpoint", DEFAULT_NOTE_LIMITS.max_bytes)
        if body is None:
            raise LogUnreadableError("the log serves no checkpoint (404)", self.url, 404)
        return body.decode("utf-8", "replace")

    def _tile(self, level: int, index: int, width: int) -> bytes:
        """A hash tile's bytes; a partial one the log no longer serves is read from the full one."""
        key = (level, index, width)
        if key not in self._tiles:
            body = self._get(tile_path(level, index, width), width * _HASH)
            if body is None and width < _WIDTH:
                full = self._get(tile_path(level, index), _WIDTH * _HASH)
                body = None if full is None else full[:width * _HASH]
            if body is None:
                raise LogUnreadableError("the log does not serve %s (404)" % tile_path(level, index, width),
                                         self.url, 404)
            if len(self._tiles) >= _MAX_CACHED:
                self._tiles.clear()
            self._tiles[key] = body
        return self._tiles[key]

    def _node(self, level: int, index: int, size: int) -> bytes:
        """The complete subtree (level, index) of the tree of `size` leaves, from its tile."""
        tile_level = level // _HEIGHT
        count = 1 << (level - _HEIGHT * tile_level)
        first = index * count
        tile_index, offset = divmod(first, _WIDTH)
        width = _tile_width(tile_level, tile_index, size)
        data = self._tile(tile_level, tile_index, width)
        if len(data) != width * _HASH:
            raise TlogError("malformed", "tile %s holds %d bytes, not %d" % (
                tile_path(tile_level, tile_index, width), len(data), width * _HASH))
        hashes = [data[i * _HASH:(i + 1) * _HASH] for i in range(offset, offset + count)]
        while len(hashes) > 1:
            hashes = [node_hash(hashes[i], hashes[i + 1]) for i in range(0, len(hashes), 2)]
        return hashes[0]

    def _range(self, start: int, end: int, size: int) -> bytes:
        """MTH(D[start:end]) of the tree of `size` leaves (a range of a proof: its parts are aligned)."""
        n = end - start
        if n & (n - 1) == 0 and start % n == 0:
            return self._node(n.bit_length() - 1, start // n, size)
        k = _split_point(n)
        return node_hash(self._range(start, start + k, size), self._range(start + k, end, size))

    def inclusion_proof(self, index: int, size: int) -> List[bytes]:
        return [self._range(s, e, size) for s, e in inclusion_proof_ranges(index, size)]

    def consistency_proof(self, old_size: int, size: int) -> List[bytes]:
        return [self._range(s, e, size) for s, e in consistency_proof_ranges(old_size, size)]

    def entry_at(self, index: int, size: int) -> bytes:
        """The entry the log holds at `index` (its entry bundle), in the tree of `size` leaves."""
        n = index // _WIDTH
        width = _tile_width(0, n, size)
        if self._bundle is None or self._bundle[0] != (n, width):
            limit = lambda w: w * (2 + 32)  # noqa: E731 - ctxlog's entries are 32-byte entry hashes
            body = self._get(entry_bundle_path(n, width), limit(width))
            entries: Optional[List[bytes]] = None
            if body is not None:
                entries = decode_entry_bundle(body, width)
            elif width < _WIDTH:
                full = self._get(entry_bundle_path(n), limit(_WIDTH))
                entries = None if full is None else decode_entry_bundle(full, _WIDTH)[:width]
            if entries is None:
                raise LogUnreadableError("the log does not serve %s (404)" % entry_bundle_path(n, width), self.url, 404)
            self._bundle = ((n, width), entries)
        return self._bundle[1][index % _WIDTH]
