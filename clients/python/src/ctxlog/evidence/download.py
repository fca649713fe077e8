"""An evidence pack written to a file as it streams (`client.agents.evidence(..., path=…)`): to
`<path>.partial` first, renamed to `path` once whole, so a cut download never looks like a pack
(as `npx ctxlog evidence -o` does)."""

from __future__ import annotations

import os
from typing import AsyncIterator, Iterator, Union

__all__ = ["save_pack", "save_pack_async"]

PathLike = Union[str, "os.PathLike[str]"]


def save_pack(chunks: Iterator[bytes], path: PathLike) -> int:
    """Writes the chunks to `path`; returns the number of bytes. On any error nothing is left behind."""
    partial = "%s.partial" % os.fspath(path)
    written = 0
    try:
        with open(partial, "wb") as file:
            for chunk in chunks:
                file.write(chunk)
                written += len(chunk)
        os.replace(partial, path)
    except BaseException:
        if os.path.exists(partial):
            os.remove(partial)
        raise
    return written


async def save_pack_async(chunks: AsyncIterator[bytes], path: PathLike) -> int:
    """save_pack for AsyncClient (the file is written with blocking calls, one chunk at a time)."""
    partial = "%s.partial" % os.fspath(path)
    written = 0
    try:
        with open(partial, "wb") as file:
            async for chunk in chunks:
                file.write(chunk)
                written += len(chunk)
        os.replace(partial, path)
    except BaseException:
        if os.path.exists(partial):
            os.remove(partial)
        raise
    return written
