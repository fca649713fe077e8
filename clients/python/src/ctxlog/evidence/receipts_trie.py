"""The receipts root of a block, recomputed from its receipts: a Merkle-Patricia trie keyed by
rlp(transaction index) whose values are the consensus encoding of each receipt (EIP-2718: the type
byte, then rlp([status, cumulativeGasUsed, logsBloom, logs]); a legacy receipt untyped), as
receipts-trie.ts."""

from __future__ import annotations

from typing import Any, List, Sequence, Tuple

from ..keccak import keccak256
from ._js import UNDEFINED, js_number, js_str, prop
from .rlp import RlpItem, data_bytes, quantity_bytes, rlp_encode

__all__ = ["encode_receipt", "ordered_trie_root", "receipts_root"]


def encode_receipt(receipt: Any, name: str = "receipt") -> bytes:
    """The consensus encoding of one JSON-RPC receipt (what the trie stores)."""
    raw_type = prop(receipt, "type")
    type_bytes = quantity_bytes("0x0" if raw_type is UNDEFINED or raw_type is None else raw_type, name + ".type")
    kind = int.from_bytes(type_bytes, "big")
    logs = prop(receipt, "logs")
    if not isinstance(logs, list):
        raise TypeError("%s.logs is not an array" % name)
    # post-Byzantium: status 1 is the byte 0x01, status 0 the empty string
    status = quantity_bytes(prop(receipt, "status"), name + ".status")
    if status not in (b"", b"\x01"):
        raise TypeError("%s.status must be 0x0 or 0x1" % name)
    items: List[RlpItem] = []
    for i, log in enumerate(logs):
        where = "%s.logs[%d]" % (name, i)
        topics = prop(log, "topics")
        if not isinstance(topics, list):
            raise TypeError("%s.topics is not an array" % where)
        items.append([
            data_bytes(prop(log, "address"), where + ".address", 20),
            [data_bytes(t, "%s.topics[%d]" % (where, j), 32) for j, t in enumerate(topics)],
            data_bytes(prop(log, "data"), where + ".data"),
        ])
    body = rlp_encode([
        status,
        quantity_bytes(prop(receipt, "cumulativeGasUsed"), name + ".cumulativeGasUsed"),
        data_bytes(prop(receipt, "logsBloom"), name + ".logsBloom", 256),
        items,
    ])
    if kind == 0:
        return body
    if kind > 0x7F:
        raise TypeError("%s.type %s is not an EIP-2718 type" % (name, js_str(js_number(raw_type))))
    return bytes([kind]) + body


def _nibbles(data: bytes) -> Tuple[int, ...]:
    return tuple(n for b in data for n in (b >> 4, b & 15))


def _hex_prefix(path: Sequence[int], leaf: bool) -> bytes:
    """Hex-prefix encoding of a path (Yellow Paper, appendix C): a flag nibble, padded to whole bytes."""
    flag = 2 if leaf else 0
    nibbles = [flag + 1, *path] if len(path) % 2 else [flag, 0, *path]
    return bytes(nibbles[i] * 16 + nibbles[i + 1] for i in range(0, len(nibbles), 2))


def _reference(node: RlpItem) -> RlpItem:
    """A child as its parent holds it: inline when its encoding is under 32 bytes, else its hash."""
    encoded = rlp_encode(node)
    return node if len(encoded) < 32 else keccak256(encoded)


def _node(leaves: Sequence[Tuple[Tuple[int, ...], bytes]], depth: int) -> RlpItem:
    if len(leaves) == 1:
        path, value = leaves[0]
        return [_hex_prefix(path[depth:], True), value]
    first = leaves[0][0]
    shared = 0
    while depth + shared < len(first) and all(
            len(p) > depth + shared and p[depth + shared] == first[depth + shared] for p, _ in leaves):
        shared += 1
    if shared > 0:
        return [_hex_prefix(first[depth:depth + shared], False), _reference(_node(leaves, depth + shared))]
    branch: List[RlpItem] = []
    for nibble in range(16):
        under = [leaf for leaf in leaves if len(leaf[0]) > depth and leaf[0][depth] == nibble]
        branch.append(_reference(_node(under, depth + 1)) if under else b"")
    branch.append(next((v for p, v in leaves if len(p) == depth), b""))
    return branch


def ordered_trie_root(values: Sequence[bytes]) -> str:
    """The root of the trie mapping rlp(i) to values[i]: a block's transactionsRoot or receiptsRoot."""
    if not values:
        return "0x" + keccak256(rlp_encode(b"")).hex()
    leaves = [(_nibbles(rlp_encode(i.to_bytes((i.bit_length() + 7) // 8, "big"))), v) for i, v in enumerate(values)]
    return "0x" + keccak256(rlp_encode(_node(leaves, 0))).hex()


def receipts_root(receipts: Sequence[Any]) -> str:
    """The receipts root of a block from its JSON-RPC receipts, in block order."""
    return ordered_trie_root([encode_receipt(r, "receipts[%d]" % i) for i, r in enumerate(receipts)])
