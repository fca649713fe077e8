"""secp256k1 public-key recovery, from the fastest backend available:

1. ``coincurve`` (libsecp256k1 bundled in a wheel), when installed;
2. the system's libsecp256k1 through ctypes (Debian: libsecp256k1-1), when it has the recovery module;
3. the pure-Python ``ecdsa`` package.

All three give the same answers (tests run the vectors through each one present). Select one with
``use_backend(name)`` or the environment variable CTXLOG_SECP256K1_BACKEND
(``coincurve`` | ``libsecp256k1`` | ``ecdsa``).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
from typing import Callable, Dict, List, Optional

from .keccak import keccak256

__all__ = ["split_signature", "recover_address", "recover_public_key", "available_backends", "use_backend", "backend_name"]

N = 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141
_Recover = Callable[[bytes, int, bytes], bytes]  # (r||s, recid, digest) -> 65-byte uncompressed key


def _coincurve() -> _Recover:
    import coincurve  # type: ignore[import-not-found]

    def recover(rs: bytes, recid: int, digest: bytes) -> bytes:
        key = coincurve.PublicKey.from_signature_and_message(rs + bytes([recid]), digest, hasher=None)
        return key.format(compressed=False)

    return recover


def _libsecp256k1() -> _Recover:
    path = os.environ.get("CTXLOG_LIBSECP256K1") or ctypes.util.find_library("secp256k1") or "libsecp256k1.so.1"
    lib = ctypes.CDLL(path)
    if not hasattr(lib, "secp256k1_ecdsa_recover"):
        raise ImportError("%s was built without the recovery module" % path)
    lib.secp256k1_context_create.restype = ctypes.c_void_p
    lib.secp256k1_context_create.argtypes = [ctypes.c_uint]
    lib.secp256k1_ecdsa_recoverable_signature_parse_compact.argtypes = [
        ctypes.c_void_p, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_int]
    lib.secp256k1_ecdsa_recover.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_char_p]
    lib.secp256k1_ec_pubkey_serialize.argtypes = [
        ctypes.c_void_p, ctypes.c_char_p, ctypes.POINTER(ctypes.c_size_t), ctypes.c_char_p, ctypes.c_uint]
    # SECP256K1_CONTEXT_VERIFY (1 | 1 << 8): recovery needs only verification tables. Created once
    # and never destroyed: contexts are safe to share between threads for these read-only calls.
    context = lib.secp256k1_context_create((1 << 0) | (1 << 8))
    if not context:
        raise ImportError("secp256k1_context_create failed")
    uncompressed = 1 << 1  # SECP256K1_FLAGS_TYPE_COMPRESSION, without the compressed bit

    def recover(rs: bytes, recid: int, digest: bytes) -> bytes:
        sig = ctypes.create_string_buffer(65)
        if not lib.secp256k1_ecdsa_recoverable_signature_parse_compact(context, sig, rs, recid):
            raise ValueError("invalid signature (r or s out of range)")
        pubkey = ctypes.create_string_buffer(64)
        if not lib.secp256k1_ecdsa_recover(context, pubkey, sig, digest):
            raise ValueError("the signature recovers no public key")
        out = ctypes.create_string_buffer(65)
        size = ctypes.c_size_t(65)
        lib.secp256k1_ec_pubkey_serialize(context, out, ctypes.byref(size), pubkey, uncompressed)
        return out.raw[: size.value]

    return recover


def _ecdsa() -> _Recover:
    from ecdsa import SECP256k1, VerifyingKey  # type: ignore[import-untyped]
    from ecdsa.util import sigdecode_string  # type: ignore[import-untyped]

    def recover(rs: bytes, recid: int, digest: bytes) -> bytes:
        r = int.from_bytes(rs[:32], "big")
        s = int.from_bytes(rs[32:], "big")
        if not (0 < r < N and 0 < s < N):
            raise ValueError("invalid signature (r or s out of range)")
        # ecdsa returns the key of R with even y first, then odd y: the recovery id's order
        keys = VerifyingKey.from_public_key_recovery_with_digest(
            rs, digest, curve=SECP256k1, sigdecode=sigdecode_string, allow_truncate=False)
        if recid >= len(keys):
            raise ValueError("the signature recovers no public key")
        return b"\x04" + keys[recid].to_string()

    return recover


_LOADERS: Dict[str, Callable[[], _Recover]] = {
    "coincurve": _coincurve,
    "libsecp256k1": _libsecp256k1,
    "ecdsa": _ecdsa,
}
_loaded: Dict[str, Optional[_Recover]] = {}
_current: Optional[str] = None


def _load(name: str) -> Optional[_Recover]:
    if name not in _loaded:
        try:
            _loaded[name] = _LOADERS[name]()
        except (ImportError, OSError, AttributeError):
            _loaded[name] = None
    return _loaded[name]


def available_backends() -> List[str]:
    """The backends that load here, fastest first."""
    return [name for name in _LOADERS if _load(name) is not None]


def use_backend(name: Optional[str] = None) -> str:
    """Selects a backend by name (None: the fastest available). Raises ImportError if it does not load."""
    global _current
    if name is None:
        found = available_backends()
        if not found:
            raise ImportError("no secp256k1 backend: install coincurve or ecdsa, or libsecp256k1")
        name = found[0]
    if name not in _LOADERS:
        raise ValueError("unknown secp256k1 backend %r (one of %s)" % (name, ", ".join(_LOADERS)))
    if _load(name) is None:
        raise ImportError("the secp256k1 backend %r is not available" % name)
    _current = name
    return name


def backend_name() -> str:
    if _current is None:
        use_backend(os.environ.get("CTXLOG_SECP256K1_BACKEND") or None)
    assert _current is not None
    return _current


def split_signature(signature: str) -> "tuple[bytes, int]":
    """(r||s, recovery id) of a 65-byte r||s||v signature, v 27/28 or 0/1. The 64-byte EIP-2098
    form is refused, as the TypeScript verifier (viem) refuses it: the same answer everywhere."""
    if not isinstance(signature, str) or not signature.startswith("0x"):
        raise ValueError("the signature must be 0x-hex")
    raw = bytes.fromhex(signature[2:])
    if len(raw) != 65:
        raise ValueError("invalid signature length: %d bytes, not 65" % len(raw))
    v = raw[64]
    recid = v - 27 if v >= 27 else v
    if recid not in (0, 1):
        raise ValueError("invalid signature recovery byte %d" % v)
    return raw[:64], recid


def recover_public_key(digest: bytes, signature: str) -> bytes:
    """The 65-byte uncompressed public key that signed the 32-byte digest."""
    if len(digest) != 32:
        raise ValueError("the digest must be 32 bytes")
    rs, recid = split_signature(signature)
    recover = _load(backend_name())
    assert recover is not None
    return recover(rs, recid, digest)


def to_checksum_address(address: bytes) -> str:
    """EIP-55 mixed-case form of a 20-byte address."""
    plain = address.hex()
    hashed = keccak256(plain.encode("ascii")).hex()
    return "0x" + "".join(c.upper() if int(hashed[i], 16) >= 8 else c for i, c in enumerate(plain))


_recent: Dict[bytes, str] = {}


def recover_address(digest: bytes, signature: str) -> str:
    """The EIP-55 address that signed the 32-byte digest (an EIP-191 or EIP-712 digest)."""
    public_key = recover_public_key(digest, signature)
    # a log is signed by one or two keys: their addresses are kept (two keccaks saved per entry)
    address = _recent.get(public_key)
    if address is None:
        if len(_recent) >= 8:
            _recent.clear()
        address = to_checksum_address(keccak256(public_key[1:])[-20:])
        _recent[public_key] = address
    return address


EIP191_PREFIX = b"\x19Ethereum Signed Message:\n32"


def eip191_digest(hash32: bytes) -> bytes:
    """keccak256("\\x19Ethereum Signed Message:\\n32" || hash): what EIP-191 signs for 32 raw bytes."""
    if len(hash32) != 32:
        raise ValueError("the signed hash must be 32 bytes")
    return keccak256(EIP191_PREFIX + hash32)
