"""client.agents.evidence(..., path=…): the pack written to a file as it streams, renamed into place
once whole; an API error leaves no file behind. Sync and async, over httpx's MockTransport."""

import asyncio

import httpx
import pytest

from conftest import VECTORS
from ctxlog import AsyncClient, Client, NotFound
from ctxlog.evidence import verify_pack

PACK = (VECTORS / "evidence" / "valid.zip").read_bytes()
T0, T1 = "2026-11-28T23:00:00.000Z", "2026-11-29T01:45:00.000Z"


def answer(request):
    if "missing" in request.url.path:
        return httpx.Response(404, json={"error": {"code": "NOT_FOUND", "message": "no such agent",
                                                   "request_id": "req_1", "details": []}})
    assert dict(request.url.params) == {"from": T0, "to": T1}
    return httpx.Response(200, content=PACK, headers={"content-type": "application/zip"})


def test_the_pack_is_written_to_path_and_verifies(tmp_path):
    target = tmp_path / "pack.zip"
    with Client("http://api.test/v1", "sk_test", transport=httpx.MockTransport(answer)) as client:
        assert client.agents.evidence("planner-7", from_=T0, to=T1, path=str(target)) == len(PACK)
        assert b"".join(client.agents.evidence("planner-7", from_=T0, to=T1)) == PACK  # without path: the chunks
        with pytest.raises(NotFound):
            client.agents.evidence("missing", from_=T0, to=T1, path=str(tmp_path / "none.zip"))
    assert target.read_bytes() == PACK and verify_pack(target).verified
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pack.zip"]  # no .partial, no none.zip


def test_the_async_client_writes_it_too(tmp_path):
    async def main():
        async with AsyncClient("http://api.test/v1", "sk_test", transport=httpx.MockTransport(answer)) as client:
            return await client.agents.evidence("planner-7", from_=T0, to=T1, path=str(tmp_path / "pack.zip"))

    assert asyncio.run(main()) == len(PACK)
    assert (tmp_path / "pack.zip").read_bytes() == PACK
