"""RLP, JSON-RPC values as RLP items (quantities minimal big-endian, 0 the empty string; data
fields their bytes as given), and a block's hash recomputed from its header: keccak256(rlp(header))
with each fork's fields appended in order (rlp-quantity.ts, block-header.ts)."""

from __future__ import annotations

import re
from typing import Any, Dict, List, Optional, Tuple, Union

from ..keccak import keccak256
from ._js import UNDEFINED, prop

__all__ = ["RlpItem", "rlp_encode", "quantity_bytes", "data_bytes", "block_hash", "FORK_FIELDS"]

RlpItem = Union[bytes, List[Any]]
QUANTITY = re.compile(r"^0x(?:0|[1-9a-fA-F][0-9a-fA-F]*)\Z")
DATA = re.compile(r"^0x(?:[0-9a-fA-F]{2})*\Z")


def _length(n: int, offset: int) -> bytes:
    if n < 56:
        return bytes([offset + n])
    size = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([offset + 55 + len(size)]) + size


def rlp_encode(item: RlpItem) -> bytes:
    if isinstance(item, (bytes, bytearray)):
        if len(item) == 1 and item[0] < 0x80:
            return bytes(item)
        return _length(len(item), 0x80) + bytes(item)
    body = b"".join(rlp_encode(x) for x in item)
    return _length(len(body), 0xC0) + body


def quantity_bytes(value: Any, name: str) -> bytes:
    """A JSON-RPC quantity ("0x0", "0x1a") as the bytes RLP encodes: no leading zero byte, 0 → b""."""
    if not isinstance(value, str) or not QUANTITY.match(value):
        raise TypeError("%s is not a quantity" % name)
    if value == "0x0":
        return b""
    digits = value[2:]
    return bytes.fromhex(("0" if len(digits) % 2 else "") + digits)


def data_bytes(value: Any, name: str, length: Optional[int] = None) -> bytes:
    """A JSON-RPC data field (hashes, addresses, bloom, extraData) as its bytes, checked."""
    if not isinstance(value, str) or not DATA.match(value):
        raise TypeError("%s is not 0x-hex bytes" % name)
    if length is not None and len(value) != 2 + 2 * length:
        raise TypeError("%s must be %d bytes" % (name, length))
    return bytes.fromhex(value[2:])


_BASE_FIELDS: List[Tuple[str, str]] = [
    ("parentHash", "hash"), ("sha3Uncles", "hash"), ("miner", "address"), ("stateRoot", "hash"),
    ("transactionsRoot", "hash"), ("receiptsRoot", "hash"), ("logsBloom", "bloom"), ("difficulty", "quantity"),
    ("number", "quantity"), ("gasLimit", "quantity"), ("gasUsed", "quantity"), ("timestamp", "quantity"),
    ("extraData", "bytes"), ("mixHash", "hash"), ("nonce", "nonce"),
]
#: the fields later forks appended, in order (London … Prague)
FORK_FIELDS: List[Tuple[str, str]] = [
    ("baseFeePerGas", "quantity"), ("withdrawalsRoot", "hash"), ("blobGasUsed", "quantity"),
    ("excessBlobGas", "quantity"), ("parentBeaconBlockRoot", "hash"), ("requestsHash", "hash"),
]
_LENGTHS: Dict[str, int] = {"hash": 32, "address": 20, "bloom": 256, "nonce": 8}


def _item(header: Dict[str, Any], field: str, kind: str) -> bytes:
    value = prop(header, field)
    if kind == "quantity":
        return quantity_bytes(value, "header." + field)
    return data_bytes(value, "header." + field, _LENGTHS.get(kind))


def block_hash(header: Dict[str, Any]) -> str:
    """keccak256 of the header's RLP (0x-hex). Raises TypeError, naming the field, on a malformed
    header or one missing a fork field before one it has."""
    items: List[Any] = [_item(header, f, k) for f, k in _BASE_FIELDS]
    ended: Optional[str] = None
    for field, kind in FORK_FIELDS:
        value = prop(header, field)
        if value is UNDEFINED or value is None:
            ended = ended or field
            continue
        if ended:
            raise TypeError("header.%s is given without header.%s, which comes before it" % (field, ended))
        items.append(_item(header, field, kind))
    return "0x" + keccak256(rlp_encode(items)).hex()
