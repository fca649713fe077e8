"""Speed of verify_proof and audit_agent against a real anvil and the real API.

Needs the stack test/e2e/python/python-client.test.ts starts (CTXLOG_E2E, as for the tests): run it
through `CTXLOG_PYTHON_BENCH_ENTRIES=5000 npx jest test/e2e/python -t bench` (npm test runs it at a
tiny size so it cannot rot). Logs BENCH_ENTRIES contexts for one agent, anchors them in batches of
500 as the chain worker does, then measures:

- verify_proof: VERIFIES runs over served bundles (each run: the offline checks and four JSON-RPC
  calls to anvil), p50 / p90 in ms, with the libsecp256k1 backend (and the others present);
- audit_agent: the whole export, streamed from the API, in entries per second (wall and CPU).
"""

import json
import os
import statistics
import sys
import time

import httpx

if os.environ.get("CTXLOG_TEST_INSTALLED") != "1":  # test/e2e/python runs it on the installed wheel
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src"))

from ctxlog import Client, audit_agent, ndjson_lines, verify_proof  # noqa: E402
from ctxlog import secp256k1 as secp  # noqa: E402


def main() -> None:
    stack = json.loads(os.environ["CTXLOG_E2E"])
    entries = int(os.environ.get("BENCH_ENTRIES", "200"))
    verifies = int(os.environ.get("BENCH_VERIFIES", "50"))
    control = lambda route, **body: httpx.post(stack["control_url"] + route, json=body, timeout=600).json()  # noqa: E731
    tenant = control("/tenant")
    client = Client(stack["base_url"], tenant["keys"]["full"])
    agent = "bench-%d" % int(time.time())
    started = time.monotonic()
    ids = []
    for start in range(0, entries, 500):
        batch = [{"agent_id": agent, "context_data": {"n": n, "task": "summarize", "steps": [1, 2, 3]}}
                 for n in range(start, min(entries, start + 500))]
        created = client.contexts.create_many(batch)
        ids += [c.context_id for c in created]
        control("/anchor", context_ids=[c.context_id for c in created])
    print("setup: %d entries logged and anchored in %.1f s" % (entries, time.monotonic() - started))

    bundles = [client.contexts.proof(i) for i in ids[:: max(1, len(ids) // 20)]]
    for backend in secp.available_backends():
        secp.use_backend(backend)
        verify_proof(bundles[0], rpc_url=stack["rpc_url"])  # warm: the connection and the key cache
        times = []
        for i in range(verifies):
            result = verify_proof(bundles[i % len(bundles)], rpc_url=stack["rpc_url"])
            assert result.verified, result.failed
            times.append(result.elapsed_ms)
        times.sort()
        print("verify_proof [%s]: p50 %.1f ms, p90 %.1f ms over %d runs against anvil" % (
            backend, statistics.median(times), times[int(len(times) * 0.9) - 1], verifies))

    secp.use_backend("libsecp256k1" if "libsecp256k1" in secp.available_backends() else None)
    # the audit's own speed, from a file (ndjson_lines over the bytes, as the CLI reads one) ...
    download = time.perf_counter()
    exported = "".join(line + "\n" for line in client.agents.export(agent)).encode("utf-8")
    download = time.perf_counter() - download
    chunks = [exported[i:i + 65536] for i in range(0, len(exported), 65536)]
    wall, cpu = time.perf_counter(), time.process_time()
    result = audit_agent(ndjson_lines(chunks), stack["rpc_url"], to_sequence=entries)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    assert result.complete, result.summary
    print("audit_agent [%s]: %d entries in %.2f s wall (%.0f entries/s), %.2f s CPU (%.0f entries per CPU s)" % (
        secp.backend_name(), result.entries, wall, result.entries / wall, cpu, result.entries / cpu))
    # ... and streamed from the API, which then sets the pace
    wall = time.perf_counter()
    streamed = audit_agent(client.agents.export(agent), stack["rpc_url"], to_sequence=entries)
    wall = time.perf_counter() - wall
    assert streamed.complete, streamed.summary
    print("audit_agent streamed from the API: %d entries in %.2f s wall (%.0f entries/s; the export alone %.2f s)" % (
        streamed.entries, wall, streamed.entries / wall, download))


if __name__ == "__main__":
    main()
