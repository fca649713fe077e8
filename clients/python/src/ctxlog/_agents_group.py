"""The agents group of Client and AsyncClient, with its legal holds."""

from __future__ import annotations

from typing import Any, Dict, Optional

from ._http import AsyncHttp, Request, seg
from .models import AgentLog, AgentTrace, LegalHold, from_dict
from ._resource import EMPTY, Http, When, _erase_body, _iso, _Resource


class Holds(_Resource):
    """`client.agents.holds`: an agent's legal holds. While one is active, no erasure of the agent's
    contexts' data runs (409 CONFLICT); released holds stay on record."""

    def list(self, agent_id: str, *, limit: Optional[int] = None) -> Any:
        """Every hold of the agent, newest first, active and released."""
        return self._http.paginate("/agents/%s/holds" % seg(agent_id), {"limit": limit},
                                   lambda h: from_dict(LegalHold, h))

    def place(self, agent_id: str, *, reason: str) -> Any:
        """POST /agents/:agent_id/holds → 201 (a full key): the hold, active."""
        return self._run(Request("POST", "/agents/%s/holds" % seg(agent_id), body={"reason": reason},
                                 cast=lambda b: from_dict(LegalHold, b)))

    def release(self, agent_id: str, hold_id: str) -> Any:
        """POST /agents/:agent_id/holds/:hold_id/release (a full key): the hold, released. Again: the same record."""
        return self._run(Request("POST", "/agents/%s/holds/%s/release" % (seg(agent_id), seg(hold_id)), body=EMPTY,
                                 cast=lambda b: from_dict(LegalHold, b)))


class Agents(_Resource):
    def __init__(self, http: Http) -> None:
        super().__init__(http)
        self.holds = Holds(http)

    def list(self, *, active_after: When = None, active_before: When = None, limit: Optional[int] = None) -> Any:
        """Every agent's log; active_after/active_before: only logs with an entry received in that window."""
        return self._http.paginate("/agents", {"active_after": _iso(active_after),
                                               "active_before": _iso(active_before), "limit": limit},
                                   lambda a: from_dict(AgentLog, a))

    def get(self, agent_id: str) -> Any:
        return self._run(Request("GET", "/agents/%s" % seg(agent_id), cast=lambda b: from_dict(AgentLog, b)))

    def export(self, agent_id: str, *, from_sequence: Optional[int] = None, to_sequence: Optional[int] = None) -> Any:
        """GET /agents/:id/export, streamed: the NDJSON lines (str), one entry each, in sequence
        order; feed them to ctxlog.audit_agent as they arrive."""
        return self._http.stream_lines("/agents/%s/export" % seg(agent_id),
                                       {"from_sequence": from_sequence, "to_sequence": to_sequence})

    def evidence(self, agent_id: str, *, from_: When, to: When, path: Optional[str] = None) -> Any:
        """GET /agents/:id/evidence: an evidence pack of the entries received in [from_, to), a zip
        (docs/evidence.md), streamed: its bytes chunk by chunk; or, given `path`, written to that file
        (through `<path>.partial`, renamed once whole) and the number of bytes returned (on
        AsyncClient: `await` it). Verify it with `ctxlog.evidence.verify_pack(path)` or `python -m
        ctxlog verify-pack`."""
        chunks = self._http.stream_bytes("/agents/%s/evidence" % seg(agent_id),
                                         {"from": _iso(from_), "to": _iso(to)}, "application/zip, application/json")
        if path is None:
            return chunks
        from .evidence.download import save_pack, save_pack_async

        return save_pack_async(chunks, path) if isinstance(self._http, AsyncHttp) else save_pack(chunks, path)

    def traces(self, agent_id: str, *, limit: Optional[int] = None) -> Any:
        """The agent's OpenTelemetry traces, newest first."""
        return self._http.paginate("/agents/%s/traces" % seg(agent_id), {"limit": limit},
                                   lambda t: from_dict(AgentTrace, t))

    def otel_refusals(self) -> Any:
        """GET /otel/refusals: spans refused at the OTLP endpoint in about the last 24 hours, per
        reason, with the fix (a dict: window_hours, data)."""
        return self._run(Request("GET", "/otel/refusals"))

    def erase_data(self, agent_id: str, *, reason: Optional[str] = None,
                   override_retention: Optional[bool] = None) -> Any:
        """DELETE /agents/:agent_id/data (a full key), again until done: the data of every context of
        the agent erased; returns {"erased": total}. The log, its hashes and proofs remain. `reason`
        and override_retention as for contexts.erase_data; a legal hold: ApiError 409 CONFLICT."""
        req = Request("DELETE", "/agents/%s/data" % seg(agent_id), body=_erase_body(reason, override_retention))
        if isinstance(self._http, AsyncHttp):
            return self._erase_async(self._http, req)
        erased = 0
        while True:
            step = self._http.request(req)
            erased += step["erased"]
            if step["done"]:
                return {"erased": erased}

    @staticmethod
    async def _erase_async(http: AsyncHttp, req: Request) -> Dict[str, int]:
        erased = 0
        while True:
            step = await http.request(req)
            erased += step["erased"]
            if step["done"]:
                return {"erased": erased}
