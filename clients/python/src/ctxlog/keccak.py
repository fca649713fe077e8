"""keccak256 (the original Keccak padding Ethereum uses, not SHA3-256) from pycryptodome, imported
as `Cryptodome` (pycryptodomex, Debian's python3-pycryptodome) or `Crypto` (pycryptodome)."""

from __future__ import annotations

try:  # pragma: no cover - whichever is installed
    from Cryptodome.Hash import keccak as _keccak
except ImportError:  # pragma: no cover
    from Crypto.Hash import keccak as _keccak  # type: ignore[no-redef]

__all__ = ["keccak256", "keccak256_hex"]


def keccak256(data: bytes) -> bytes:
    return _keccak.new(data=data, digest_bits=256).digest()


def keccak256_hex(data: bytes) -> str:
    return "0x" + _keccak.new(data=data, digest_bits=256).hexdigest()
