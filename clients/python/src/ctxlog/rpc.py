"""A minimal Ethereum JSON-RPC client over httpx: what verify_proof and audit_agent ask the chain."""

from __future__ import annotations

import itertools
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Tuple

import httpx

from .errors import RpcUnreachableError
from .keccak import keccak256

__all__ = ["RpcClient", "RpcError", "AnchorOnChain", "ANCHORED_TOPIC", "rpc_client"]

# event Anchored(bytes32 indexed root, uint32 count, address indexed submitter)
ANCHORED_TOPIC = "0x" + keccak256(b"Anchored(bytes32,uint32,address)").hex()


class RpcError(Exception):
    """The node answered with a JSON-RPC error: an answer, not an unreachable node."""


@dataclass
class AnchoredLog:
    root: str
    count: int
    submitter: str
    registry: str


@dataclass
class AnchorOnChain:
    block_number: int
    block_hash: str
    status: str  # "success" | "reverted"
    to: Optional[str]
    anchored: List[AnchoredLog] = field(default_factory=list)


def _checksum(address: str) -> str:
    from .secp256k1 import to_checksum_address

    return to_checksum_address(bytes.fromhex(address[2:]))


def anchored_logs(receipt: Dict[str, Any]) -> List[AnchoredLog]:
    """The Anchored logs of a transaction receipt (any emitter: the caller filters on the registry)."""
    found = []
    for log in receipt.get("logs") or []:
        topics = log.get("topics") or []
        data = log.get("data") or "0x"
        if len(topics) != 3 or str(topics[0]).lower() != ANCHORED_TOPIC or len(data) != 66:
            continue
        found.append(AnchoredLog(
            root=str(topics[1]).lower(),
            count=int(data, 16),
            submitter=_checksum("0x" + str(topics[2])[-40:]),
            registry=str(log.get("address", "")),
        ))
    return found


class RpcClient:
    """JSON-RPC over one keep-alive connection pool (thread-safe); transport failures are retried
    twice, 200 ms apart, then raise RpcUnreachableError."""

    def __init__(self, url: str, timeout: float = 10.0, retries: int = 2) -> None:
        self.url = url
        self.retries = retries
        self._http = httpx.Client(timeout=timeout, headers={"Content-Type": "application/json"})
        self._ids = itertools.count(1)

    def close(self) -> None:
        self._http.close()

    def call(self, method: str, params: Optional[list] = None) -> Any:
        body = {"jsonrpc": "2.0", "id": next(self._ids), "method": method, "params": params or []}
        for attempt in itertools.count():
            try:
                response = self._http.post(self.url, json=body)
                if response.status_code != 200:
                    raise httpx.HTTPStatusError("HTTP %d" % response.status_code, request=response.request,
                                                response=response)
                answer = response.json()
                break
            except (httpx.HTTPError, ValueError) as error:
                if attempt >= self.retries:
                    raise RpcUnreachableError("RPC endpoint %s is unreachable: %s" % (self.url, error), self.url) from None
                time.sleep(0.2)
        if not isinstance(answer, dict):
            raise RpcUnreachableError("RPC endpoint %s answered no JSON-RPC object" % self.url, self.url)
        if answer.get("error") is not None:
            error = answer["error"]
            raise RpcError(error.get("message", str(error)) if isinstance(error, dict) else str(error))
        return answer.get("result")

    def chain_id(self) -> int:
        return int(self.call("eth_chainId"), 16)

    def block_number(self) -> int:
        return int(self.call("eth_blockNumber"), 16)

    def transaction_receipt(self, tx_hash: str) -> Optional[Dict[str, Any]]:
        return self.call("eth_getTransactionReceipt", [tx_hash])

    def block_hash(self, number: int) -> Optional[str]:
        block = self.call("eth_getBlockByNumber", [hex(number), False])
        return block.get("hash") if isinstance(block, dict) else None

    def anchor(self, tx_hash: str) -> Optional[AnchorOnChain]:
        receipt = self.transaction_receipt(tx_hash)
        if not receipt:
            return None
        return AnchorOnChain(
            block_number=int(receipt["blockNumber"], 16),
            block_hash=receipt["blockHash"],
            status="success" if int(receipt.get("status", "0x0"), 16) == 1 else "reverted",
            to=receipt.get("to"),
            anchored=anchored_logs(receipt),
        )


_clients: Dict[Tuple[str, float], RpcClient] = {}
_lock = threading.Lock()


def rpc_client(url: str, timeout: float = 10.0) -> RpcClient:
    """One shared client per endpoint: creating an httpx client (its TLS context) costs more than a
    whole verification against a local node."""
    with _lock:
        client = _clients.get((url, timeout))
        if client is None:
            client = _clients[(url, timeout)] = RpcClient(url, timeout)
        return client
