"""Ed25519 signatures of signed notes, from the first backend that loads:

1. pycryptodome ≥ 3.15 (``Cryptodome.Signature.eddsa``; Debian's python3-pycryptodome is 3.11,
   without it);
2. ``cryptography`` (OpenSSL);
3. pure Python (RFC 8032, ``_ed25519_pure``).

Every backend is held to the same strict rules before it is asked: a 32-byte key and a 64-byte
signature, S below the group order L, and the key and R in their one canonical encoding (so a
signature one backend accepts, none refuses). Select one with ``use_backend(name)`` or
CTXLOG_ED25519_BACKEND (``pycryptodome`` | ``cryptography`` | ``pure``)."""

from __future__ import annotations

import os
from typing import Callable, Dict, List, Optional, Tuple

from . import _ed25519_pure as pure

__all__ = ["verify", "sign", "public_key", "available_backends", "use_backend", "backend_name"]

_Verify = Callable[[bytes, bytes, bytes], bool]  # (public key, message, signature)
_Sign = Callable[[bytes, bytes], bytes]  # (seed, message)
_Backend = Tuple[_Verify, _Sign]


def _pycryptodome() -> _Backend:
    try:
        from Cryptodome.Signature import eddsa  # type: ignore[import-not-found]
    except ImportError:
        from Crypto.Signature import eddsa  # type: ignore[import-not-found,no-redef]

    def verify(public: bytes, message: bytes, signature: bytes) -> bool:
        try:
            eddsa.new(eddsa.import_public_key(public), "rfc8032").verify(message, signature)
            return True
        except ValueError:
            return False

    def sign(seed: bytes, message: bytes) -> bytes:
        return bytes(eddsa.new(eddsa.import_private_key(seed), "rfc8032").sign(message))

    return verify, sign


def _cryptography() -> _Backend:
    from cryptography.exceptions import InvalidSignature  # type: ignore[import-not-found]
    from cryptography.hazmat.primitives.asymmetric.ed25519 import (  # type: ignore[import-not-found]
        Ed25519PrivateKey, Ed25519PublicKey)

    def verify(public: bytes, message: bytes, signature: bytes) -> bool:
        try:
            Ed25519PublicKey.from_public_bytes(public).verify(signature, message)
            return True
        except (InvalidSignature, ValueError):
            return False

    def sign(seed: bytes, message: bytes) -> bytes:
        return Ed25519PrivateKey.from_private_bytes(seed).sign(message)

    return verify, sign


def _pure() -> _Backend:
    return pure.verify, pure.sign


_LOADERS: Dict[str, Callable[[], _Backend]] = {"pycryptodome": _pycryptodome, "cryptography": _cryptography,
                                               "pure": _pure}
_loaded: Dict[str, Optional[_Backend]] = {}
_current: Optional[str] = None


def _load(name: str) -> Optional[_Backend]:
    if name not in _loaded:
        try:
            _loaded[name] = _LOADERS[name]()
        except (ImportError, AttributeError, OSError):
            _loaded[name] = None
    return _loaded[name]


def available_backends() -> List[str]:
    """The backends that load here, in the order they are preferred ("pure" always loads)."""
    return [name for name in _LOADERS if _load(name) is not None]


def use_backend(name: Optional[str] = None) -> str:
    """Selects a backend by name (None: the first available). Raises ImportError if it does not load."""
    global _current
    if name is None:
        name = available_backends()[0]
    if name not in _LOADERS:
        raise ValueError("unknown Ed25519 backend %r (one of %s)" % (name, ", ".join(_LOADERS)))
    if _load(name) is None:
        raise ImportError("the Ed25519 backend %r is not available" % name)
    _current = name
    return name


def backend_name() -> str:
    if _current is None:
        use_backend(os.environ.get("CTXLOG_ED25519_BACKEND") or None)
    assert _current is not None
    return _current


def verify(public: bytes, message: bytes, signature: bytes) -> bool:
    """Whether `signature` is `public`'s Ed25519 signature of `message`. Never raises on bad input."""
    if not isinstance(public, (bytes, bytearray)) or not isinstance(signature, (bytes, bytearray)):
        return False
    public, signature = bytes(public), bytes(signature)
    if len(public) != 32 or len(signature) != 64 or int.from_bytes(signature[32:], "little") >= pure.L:
        return False
    if pure.decode_point(public) is None or pure.decode_point(signature[:32]) is None:
        return False
    backend = _load(backend_name())
    assert backend is not None
    return backend[0](public, bytes(message), signature)


def sign(seed: bytes, message: bytes) -> bytes:
    """The Ed25519 signature of `message` by the key of this 32-byte seed (deterministic)."""
    if len(seed) != 32:
        raise ValueError("an Ed25519 seed is 32 bytes")
    backend = _load(backend_name())
    assert backend is not None
    return backend[1](bytes(seed), bytes(message))


def public_key(seed: bytes) -> bytes:
    """The 32-byte public key of a 32-byte seed (pure Python: a key is derived once per key)."""
    return pure.public_key(bytes(seed))
