"""A synthetic evidence pack for benchmarks: N entries of one agent, signed by anvil's public
second dev key (the vectors' attestation key), anchored in batches on a fabricated chain whose
blocks are consistent (receipts root, block hash, a header on top), written as docs/evidence.md
says. Not a chain anyone mined: it verifies offline, never with --rpc-url. Needs the `ecdsa`
package (Debian's python3-ecdsa) to sign.

    /usr/bin/python3 clients/python/bench/synthetic_pack.py OUT.zip [ENTRIES] [ERASED_EVERY]
"""

import hashlib
import json
import os
import sys
import zipfile
from datetime import datetime, timedelta, timezone

if os.environ.get("CTXLOG_TEST_INSTALLED") != "1":
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src"))

from ctxlog import canonicalize, compute_entry_hash, keccak256, receipt_digest  # noqa: E402
from ctxlog import secp256k1 as secp  # noqa: E402
from ctxlog.evidence import PACK_FILES, manifest_digest, receipts_root  # noqa: E402
from ctxlog.evidence.rlp import block_hash  # noqa: E402
from ctxlog.merkle import build_merkle_tree  # noqa: E402
from ctxlog.rpc import ANCHORED_TOPIC  # noqa: E402

KEY = bytes.fromhex("59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d")
ATTESTATION = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"
ANCHOR = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"
REGISTRY = "0x5FbDB2315678afecb367f032d93F642f64180aa3"
USER, AGENT, BATCH = "usr_bench", "bench-agent", 1000
START = datetime(2026, 11, 28, 23, 0, tzinfo=timezone.utc)
DOMAIN = {"name": "ctxlog", "version": "1"}


def iso(moment):
    return moment.strftime("%Y-%m-%dT%H:%M:%S.") + "%03dZ" % (moment.microsecond // 1000)


def ms(moment):
    return int(moment.timestamp() * 1000)


def signer():
    from ecdsa import SECP256k1, SigningKey
    from ecdsa.util import sigencode_string

    key = SigningKey.from_string(KEY, curve=SECP256k1)

    def sign(digest):
        rs = key.sign_digest_deterministic(digest, sigencode=sigencode_string)
        for v in (27, 28):
            signature = "0x" + (rs + bytes([v])).hex()
            if secp.recover_address(digest, signature) == ATTESTATION:
                return signature
        raise ValueError("no recovery id")

    return sign


def word(hex_value):
    return "0x" + hex_value[2:].rjust(64, "0")


def anchor(number, tx, root, count):
    """One anchoring transaction in a fabricated block, and one header on top of it."""
    receipt = {"type": "0x2", "status": "0x1", "cumulativeGasUsed": "0x1d4c0", "logsBloom": "0x" + "00" * 256,
               "transactionHash": tx, "transactionIndex": "0x0", "to": REGISTRY.lower(), "from": ANCHOR.lower(),
               "logs": [{"address": REGISTRY.lower(), "topics": [ANCHORED_TOPIC, root, word(ANCHOR.lower())],
                         "data": word(hex(count))}]}
    header = {"parentHash": "0x" + "11" * 32, "sha3Uncles": "0x" + "22" * 32, "miner": "0x" + "00" * 20,
              "stateRoot": "0x" + "33" * 32, "transactionsRoot": "0x" + "44" * 32,
              "receiptsRoot": receipts_root([receipt]), "logsBloom": "0x" + "00" * 256, "difficulty": "0x0",
              "number": hex(number), "gasLimit": "0x1c9c380", "gasUsed": "0x1d4c0", "timestamp": hex(number * 12),
              "extraData": "0x", "mixHash": "0x" + "00" * 32, "nonce": "0x" + "00" * 8}
    header["hash"] = block_hash(header)
    receipt["blockHash"] = header["hash"]
    receipt["blockNumber"] = header["number"]
    top = dict(header, parentHash=header["hash"], number=hex(number + 1), timestamp=hex(number * 12 + 12))
    top["hash"] = block_hash(top)
    return {"transaction_hash": tx, "block_number": number,
            "transaction": {"hash": tx, "blockHash": header["hash"], "blockNumber": header["number"],
                            "transactionIndex": "0x0", "from": ANCHOR.lower(), "to": REGISTRY.lower()},
            "block": header, "receipts": [receipt], "headers": [top]}


def write_pack(path, entries, erased_every=0):
    sign = signer()
    lines, anchors, erasures, days = [], [], [], {}
    previous = "0x" + "00" * 32
    for start in range(1, entries + 1, BATCH):
        batch = []
        for seq in range(start, min(entries, start + BATCH - 1) + 1):
            received = START + timedelta(milliseconds=10 * seq)
            context = {"agent_id": AGENT, "context_data": {"n": seq, "task": "summarize", "steps": [1, 2, 3]},
                       "metadata": {"run": seq % 7}}
            canonical = canonicalize(context)
            context_hash = "0x" + keccak256(canonical.encode()).hex()
            entry_hash = compute_entry_hash(context_hash, USER, AGENT, seq, previous)
            signature = sign(receipt_digest(context_hash, USER, AGENT, seq, previous, ms(received)))
            batch.append({"version": 3, "context_id": "ctx_%08d" % seq, "context": context,
                          "canonical_context": canonical, "canonicalization": "RFC8785",
                          "hash_algorithm": "keccak256", "context_hash": context_hash, "signature": signature,
                          "signature_scheme": "EIP-712", "eip712_domain": DOMAIN, "signer_address": ATTESTATION,
                          "user_id": USER, "sequence": seq, "prev_entry_hash": previous, "entry_hash": entry_hash,
                          "received_at": iso(received), "status": "confirmed"})
            previous = entry_hash
        root, proofs = build_merkle_tree([e["entry_hash"] for e in batch])
        number = 100 + 2 * len(anchors)
        tx = "0x" + keccak256(b"tx%d" % number).hex()
        anchors.append(anchor(number, tx, root, len(batch)))
        for i, e in enumerate(batch):
            e.update(merkle_algorithm="sorted-pair-keccak256", leaf_index=i, merkle_proof=proofs[i], merkle_root=root,
                     chain_id=31337, network="anvil", registry_address=REGISTRY, transaction_hash=tx,
                     block_number=number, required_confirmations=2)
            erased = erased_every and e["sequence"] % erased_every == 0
            if erased:
                at = iso(START + timedelta(days=1))
                e.update(canonical_context=None, data_erased_at=at,
                         context=dict(e["context"], context_data=None, metadata=None))
                erasures.append({"context_id": e["context_id"], "sequence": e["sequence"],
                                 "context_hash": e["context_hash"], "erased_at": at, "erased_by": "key:key_bench",
                                 "reason": "bench"})
            day = days.setdefault(e["received_at"][:10], {"date": e["received_at"][:10], "entries": 0, "erased": 0,
                                                          "first_received_at": e["received_at"]})
            day["entries"] += 1
            day["erased"] += 1 if erased else 0
            day["last_received_at"] = e["received_at"]
            lines.append(json.dumps(e, separators=(",", ":")))
    last_received = START + timedelta(milliseconds=10 * entries)
    files = {
        "entries.ndjson": "".join(line + "\n" for line in lines).encode(),
        "anchors.json": json.dumps({"chain_id": 31337, "network": "anvil", "registry_address": REGISTRY,
                                    "required_confirmations": 2, "anchors": anchors}).encode(),
        "signers.json": json.dumps({"signers": [
            {"address": ATTESTATION, "kind": "attestation", "valid_from": "2026-11-01T00:00:00.000Z", "valid_until": None},
            {"address": ANCHOR, "kind": "anchor", "valid_from": "2026-11-01T00:00:00.000Z", "valid_until": None}]}).encode(),
        "completeness.json": json.dumps({"first_sequence": 1, "last_sequence": entries, "before": None, "after": None,
                                         "head": {"sequence": entries, "entry_hash": previous}}).encode(),
        "erasures.ndjson": "".join(json.dumps(r) + "\n" for r in erasures).encode(),
        "activity.json": json.dumps({"days": list(days.values())}).encode(),
        "policy.json": json.dumps({"retention": {"data_retention_days": None, "data_min_retention_days": 0},
                                   "legal_holds": []}).encode(),
        "report.html": b"<!doctype html><title>bench</title><p>a synthetic pack</p>",
    }
    manifest = {"format": "ctxlog-evidence/1", "user_id": USER, "agent_id": AGENT,
                "range": {"from": iso(START), "to": iso(last_received + timedelta(seconds=1))},
                "sequence_range": {"first": 1, "last": entries},
                "counts": {"entries": entries, "erased": len(erasures), "anchors": len(anchors),
                           "erasures": len(erasures)},
                "created_at": "2026-11-30T00:00:00.000Z", "created_by": "key:key_bench",
                "files": {name: {"sha256": hashlib.sha256(files[name]).hexdigest(), "bytes": len(files[name])}
                          for name in PACK_FILES},
                "signer": ATTESTATION}
    manifest["signature"] = sign(manifest_digest(manifest))
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("manifest.json", json.dumps(manifest))
        for name in PACK_FILES:
            z.writestr(name, files[name])


if __name__ == "__main__":
    write_pack(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 10_000,
               int(sys.argv[3]) if len(sys.argv) > 3 else 0)
