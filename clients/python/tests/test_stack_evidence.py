"""Evidence packs against the real API and anvil (test/e2e/python): a pack the API streams through
`client.agents.evidence` verifies with verify_pack offline and against the live node, one erased
entry as "verified, data unavailable", and `python -m ctxlog verify-pack --rpc-url` says so too; its
second anchor is the transparency log's tree head (pack format 2: version 4 entries, tree_head)."""

import json
import zipfile
from datetime import datetime, timedelta, timezone

import pytest

from ctxlog import Client
from ctxlog.cli import main
from ctxlog.evidence import verify_pack

pytestmark = pytest.mark.stack
AGENT = "py-evidence"


def shifted(iso, seconds):
    moment = datetime.strptime(iso, "%Y-%m-%dT%H:%M:%S.%fZ").replace(tzinfo=timezone.utc) + timedelta(seconds=seconds)
    return moment.strftime("%Y-%m-%dT%H:%M:%S.") + "%03dZ" % (moment.microsecond // 1000)


def test_a_pack_from_the_api_verifies_offline_and_against_the_node(stack, tenant, control, tmp_path):
    with Client(stack["base_url"], tenant["keys"]["full"]) as client:
        created = [client.contexts.create(AGENT, {"n": n}) for n in range(6)]
        ids = [c.context_id for c in created]
        control("/anchor", context_ids=ids[:3])
        control("/anchor", context_ids=ids[3:], tree_head=True)
        client.contexts.erase_data(ids[2])
        pack = tmp_path / "pack.zip"
        with open(pack, "wb") as file:
            for chunk in client.agents.evidence(AGENT, from_=shifted(created[0].receipt.received_at, -1),
                                                to=shifted(created[-1].receipt.received_at, 1)):
                file.write(chunk)

    offline = verify_pack(pack)
    assert offline.failure is None
    assert (offline.verdict, offline.entries, offline.erased_sequences) == ("verified_data_unavailable", 6, [3])
    assert len(offline.blocks) == 2
    with zipfile.ZipFile(pack) as z:
        lines = [json.loads(line) for line in z.read("entries.ndjson").decode().splitlines()]
        anchors = json.loads(z.read("anchors.json"))["anchors"]
    assert offline.manifest["format"] == "ctxlog-evidence/2"
    assert [line["version"] for line in lines] == [3, 3, 3, 4, 4, 4]
    assert ["tree_head" in a for a in anchors] == [False, True]
    assert anchors[1]["tree_head"]["checkpoint"] == lines[3]["log"]["checkpoint"]

    online = verify_pack(pack, rpc_url=stack["rpc_url"])
    assert online.verdict == "verified_data_unavailable" and online.failure is None

    out, err = [], []
    assert main(["verify-pack", str(pack), "--rpc-url", stack["rpc_url"]], out.append, err.append) == 0, err
    assert out[0].startswith("VERIFIED, DATA UNAVAILABLE for 1 entries (erased: 3): py-evidence of ")
    # the test stack runs no witnesses: its packs record a policy of none, and the line says so
    assert out[0].endswith(
        "entries 1-6 (6) in 2 anchors; each tree head (1) signed by its own verifier_key (the pack's own word;"
        " --log-key to pin it); witness cosignatures of the tree heads (1) not checked: no policy given, and the"
        " pack's asks for none; blocks canonical on the RPC's chain")
