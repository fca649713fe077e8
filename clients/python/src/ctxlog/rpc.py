"""A minimal Ethereum JSON-RPC client over httpx: what verify_proof and audit_agent ask the chain."""

from __future__ import annotations

import http.client
import itertools
import json
import socket
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Tuple
from urllib.parse import urlsplit

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
    """JSON-RPC over one keep-alive connection (a lock makes it safe to share between threads);
    transport failures are retried twice, 200 ms apart, then raise RpcUnreachableError.

    http.client rather than httpx here: it sends a small request's headers and body in one write,
    and the socket has TCP_NODELAY, so a call to a local node costs about a millisecond instead of
    the ~40 ms a delayed ACK adds to a request written in two parts."""

    def __init__(self, url: str, timeout: float = 10.0, retries: int = 2) -> None:
        parts = urlsplit(url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise ValueError("the RPC URL must be http(s)://host[:port]/path, got %r" % url)
        self.url = url
        self.retries = retries
        self.timeout = timeout
        self._https = parts.scheme == "https"
        self._host = parts.hostname
        self._port = parts.port
        self._path = (parts.path or "/") + ("?" + parts.query if parts.query else "")
        self._headers = {"Content-Type": "application/json", "Accept": "application/json"}
        if parts.username:
            import base64

            token = base64.b64encode(("%s:%s" % (parts.username, parts.password or "")).encode()).decode()
            self._headers["Authorization"] = "Basic " + token
        self._connection: Optional[http.client.HTTPConnection] = None
        self._lock = threading.Lock()
        self._ids = itertools.count(1)

    def close(self) -> None:
        with self._lock:
            if self._connection is not None:
                self._connection.close()
                self._connection = None

    def _post(self, body: bytes) -> Any:
        if self._connection is None:
            cls = http.client.HTTPSConnection if self._https else http.client.HTTPConnection
            connection = cls(self._host, self._port, timeout=self.timeout)
            connection.connect()
            connection.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            self._connection = connection
        try:
            self._connection.request("POST", self._path, body, self._headers)
            response = self._connection.getresponse()
            data = response.read()
        except (OSError, http.client.HTTPException):
            self._connection.close()
            self._connection = None
            raise
        if response.status != 200:
            raise http.client.HTTPException("HTTP %d" % response.status)
        return json.loads(data.decode("utf-8"))

    def call(self, method: str, params: Optional[list] = None) -> Any:
        body = json.dumps({"jsonrpc": "2.0", "id": next(self._ids), "method": method, "params": params or []}).encode()
        for attempt in itertools.count():
            try:
                with self._lock:
                    try:
                        answer = self._post(body)
                    except (OSError, http.client.HTTPException):
                        # a kept-alive connection the node closed: once more on a fresh one
                        answer = self._post(body)
                break
            except (OSError, http.client.HTTPException, ValueError) as error:
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
    """One shared client per endpoint, so successive verifications reuse its connection."""
    with _lock:
        client = _clients.get((url, timeout))
        if client is None:
            client = _clients[(url, timeout)] = RpcClient(url, timeout)
        return client
