"""The files of a pack's zip, read entry by entry: the small JSON files whole, the NDJSON files
line by line from the zip stream, so memory stays that of one line whatever the pack's size. A
file that is no zip (or a member that does not inflate) is PackReadError, the caller's "cannot
read" (exit 2 on the CLI), never a failed check."""

from __future__ import annotations

import hashlib
import io
import os
import zipfile
from dataclasses import dataclass
from typing import Any, Dict, Iterator, Optional, Tuple, Union

from ._js import json_parse
from .failure import fail_at

__all__ = ["PackReadError", "PackZip", "FileDigest"]

CHUNK = 1 << 16
NEWLINE = b"\n"


class PackReadError(ValueError):
    """The bytes are no zip, or a member of it cannot be read (bad CRC, bad deflate stream)."""


@dataclass
class FileDigest:
    sha256: str
    size: int
    #: the file's last byte (None when empty): an NDJSON file must end with a newline
    last_byte: Optional[int]


class PackZip:
    """A pack's zip by file name (directory entries skipped; of two members of one name, the
    later one, as fflate's unzipSync keeps). Every member is read once up front for its SHA-256,
    size and last byte, which also finds an unreadable member before any check runs."""

    def __init__(self, source: Union[str, bytes, bytearray, "os.PathLike[str]"]) -> None:
        try:
            data = io.BytesIO(bytes(source)) if isinstance(source, (bytes, bytearray)) else source
            self._zip = zipfile.ZipFile(data)  # type: ignore[arg-type]
        except (zipfile.BadZipFile, zipfile.LargeZipFile, ValueError, EOFError) as error:
            raise PackReadError("not a zip: %s" % error) from None
        self._members: Dict[str, zipfile.ZipInfo] = {}
        for info in self._zip.infolist():
            if not info.filename.endswith("/"):
                self._members[info.filename] = info
        self.digests: Dict[str, FileDigest] = {name: self._digest(name) for name in self._members}

    def close(self) -> None:
        self._zip.close()

    def __enter__(self) -> "PackZip":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def names(self) -> list:
        return list(self._members)

    def has(self, name: str) -> bool:
        return name in self._members

    def _chunks(self, name: str) -> Iterator[bytes]:
        try:
            with self._zip.open(self._members[name]) as stream:
                while True:
                    chunk = stream.read(CHUNK)
                    if not chunk:
                        return
                    yield chunk
        except Exception as error:  # noqa: BLE001 - zipfile's errors, zlib.error, an encrypted member
            raise PackReadError("cannot read %s from the zip: %s" % (name, error)) from None

    def _digest(self, name: str) -> FileDigest:
        digest = hashlib.sha256()
        size = 0
        last: Optional[int] = None
        for chunk in self._chunks(name):
            digest.update(chunk)
            size += len(chunk)
            last = chunk[-1]
        return FileDigest(digest.hexdigest(), size, last)

    def read(self, name: str) -> bytes:
        """A small file whole (the JSON files)."""
        return b"".join(self._chunks(name))

    def json(self, name: str) -> Any:
        """A JSON file parsed; not UTF-8 JSON fails `json`."""
        try:
            return json_parse(self.read(name).decode("utf-8"))
        except (UnicodeDecodeError, ValueError, RecursionError) as error:
            if isinstance(error, PackReadError):
                raise
            return fail_at(name, None, "json", "not JSON: %s" % error)

    def ndjson(self, name: str) -> Iterator[Tuple[int, Any]]:
        """(line, value) for each line of an NDJSON file, read from the zip stream: the last line
        ends with "\\n" like every other; a blank line or one that is not UTF-8 JSON fails `json`."""
        digest = self.digests[name]
        if digest.size == 0:
            return
        if digest.last_byte != NEWLINE[0]:
            fail_at(name, None, "json", "the last line does not end with a newline")
        line = 0
        pending = b""
        for chunk in self._chunks(name):
            pending += chunk
            start = 0
            while True:
                end = pending.find(NEWLINE, start)
                if end < 0:
                    break
                line += 1
                yield line, _parse_line(name, line, pending[start:end])
                start = end + 1
            pending = pending[start:]


def _parse_line(name: str, line: int, raw: bytes) -> Any:
    try:
        return json_parse(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as error:
        return fail_at(name, line, "json", "not a UTF-8 JSON line: %s" % error)
