"""The webhooks, overview and events groups of Client and AsyncClient."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Dict, Optional, Sequence, Union

from ._http import Request, seg
from .models import AnchoringCosts, AnchoringStatus, CreatedWebhook, DeletedWebhook, EventType, Overview, OverviewSeries, RecordedEvent, RecoveringWebhook, RotatedWebhookSecret, Webhook, WebhookDelivery, WebhookDeliveryDetail, WebhookStats, from_dict
from ._resource import EMPTY, When, _iso, _Resource


class Webhooks(_Resource):
    def create(self, url: str, events: Sequence[str], *, description: Optional[str] = None,
               secret: Optional[str] = None, rate_limit: Optional[float] = None) -> Any:
        body: Dict[str, Any] = {"url": url, "events": list(events)}
        for key, value in (("description", description), ("secret", secret), ("rate_limit", rate_limit)):
            if value is not None:
                body[key] = value
        return self._run(Request("POST", "/webhooks", body=body, cast=lambda b: from_dict(CreatedWebhook, b)))

    def get(self, webhook_id: str) -> Any:
        return self._run(Request("GET", "/webhooks/%s" % seg(webhook_id), cast=lambda b: from_dict(Webhook, b)))

    def list(self, *, health: Optional[str] = None, limit: Optional[int] = None) -> Any:
        """Every live webhook, newest first; `health`: only those with it (active, degraded, failing, disabled)."""
        return self._http.paginate("/webhooks", {"health": health, "limit": limit}, lambda w: from_dict(Webhook, w))

    def update(self, webhook_id: str, **changes: Any) -> Any:
        """PUT /webhooks/:id with only the fields given: url, events, description, rate_limit, disabled."""
        return self._run(Request("PUT", "/webhooks/%s" % seg(webhook_id), body=changes,
                                 cast=lambda b: from_dict(Webhook, b)))

    def stats(self, webhook_id: str, *, since: When = None, until: When = None) -> Any:
        """GET /webhooks/:id/stats: attempts and success rate per bucket over [since, until) (default 24 h)."""
        return self._run(Request("GET", "/webhooks/%s/stats" % seg(webhook_id),
                                 {"since": _iso(since), "until": _iso(until)},
                                 cast=lambda b: from_dict(WebhookStats, b)))

    def delete(self, webhook_id: str) -> Any:
        return self._run(Request("DELETE", "/webhooks/%s" % seg(webhook_id), cast=lambda b: from_dict(DeletedWebhook, b)))

    def test(self, webhook_id: str, event: Optional[str] = None) -> Any:
        """POST /webhooks/:id/test → 202, the queued delivery of a sample event (`test: true`)."""
        body = {"event": event} if event else EMPTY
        return self._run(Request("POST", "/webhooks/%s/test" % seg(webhook_id), body=body,
                                 cast=lambda b: from_dict(WebhookDelivery, b)))

    def rotate_secret(self, webhook_id: str) -> Any:
        return self._run(Request("POST", "/webhooks/%s/rotate-secret" % seg(webhook_id), body=EMPTY,
                                 cast=lambda b: from_dict(RotatedWebhookSecret, b)))

    def deliveries(self, webhook_id: str, *, status: Optional[str] = None, limit: Optional[int] = None) -> Any:
        return self._http.paginate("/webhooks/%s/deliveries" % seg(webhook_id), {"status": status, "limit": limit},
                                   lambda d: from_dict(WebhookDelivery, d))

    def delivery(self, webhook_id: str, delivery_id: str) -> Any:
        return self._run(Request("GET", "/webhooks/%s/deliveries/%s" % (seg(webhook_id), seg(delivery_id)),
                                 cast=lambda b: from_dict(WebhookDeliveryDetail, b)))

    def retry(self, webhook_id: str, delivery_id: str) -> Any:
        """POST …/deliveries/:id/retry → 202: a failed delivery gets a new cycle of up to 5 attempts; a retrying one is tried now."""
        return self._run(Request("POST", "/webhooks/%s/deliveries/%s/retry" % (seg(webhook_id), seg(delivery_id)),
                                 body=EMPTY, cast=lambda b: from_dict(WebhookDelivery, b)))

    def recover(self, webhook_id: str, since: Union[str, datetime], until: Union[str, datetime, None] = None) -> Any:
        """POST /webhooks/:id/recover → 202: the failed deliveries created in [since, until) start again."""
        body = {"since": _iso(since)}
        if until is not None:
            body["until"] = _iso(until)
        return self._run(Request("POST", "/webhooks/%s/recover" % seg(webhook_id), body=body,
                                 cast=lambda b: from_dict(RecoveringWebhook, b)))


class OverviewGroup(_Resource):
    """The dashboard's overview, for a full or read-only key too."""

    def get(self) -> Any:
        return self._run(Request("GET", "/overview", cast=lambda b: from_dict(Overview, b)))

    def series(self, *, since: When = None, until: When = None) -> Any:
        """Contexts received and confirmed and confirmation time per bucket over [since, until)
        (default the last hour, at most 31 days)."""
        return self._run(Request("GET", "/overview/series", {"since": _iso(since), "until": _iso(until)},
                                 cast=lambda b: from_dict(OverviewSeries, b)))

    def anchoring_status(self) -> Any:
        """Whether anchoring keeps up: its state, the lag and the last confirmed batch (the overview's
        `anchoring` alone, a much smaller read to poll)."""
        return self._run(Request("GET", "/anchoring/status", cast=lambda b: from_dict(AnchoringStatus, b)))

    def anchoring_costs(self, *, since: When = None, until: When = None) -> Any:
        """What anchoring your contexts cost over [since, until) (default the last 7 days, at most 31):
        gas and fees per UTC day, per batch and per context, each batch's shared by its contexts."""
        return self._run(Request("GET", "/anchoring/costs", {"since": _iso(since), "until": _iso(until)},
                                 cast=lambda b: from_dict(AnchoringCosts, b)))


class Events(_Resource):
    def list(self, *, type: Optional[str] = None, created_after: Union[str, datetime, None] = None,
             created_before: Union[str, datetime, None] = None, limit: Optional[int] = None) -> Any:
        return self._http.paginate("/events", {"type": type, "created_after": _iso(created_after),
                                               "created_before": _iso(created_before), "limit": limit},
                                   lambda e: from_dict(RecordedEvent, e))

    def get(self, event_id: str) -> Any:
        return self._run(Request("GET", "/events/%s" % seg(event_id), cast=lambda b: from_dict(RecordedEvent, b)))

    def types(self) -> Any:
        """GET /event-types: each event with the JSON Schema of its envelope and a sample."""
        return self._run(Request("GET", "/event-types", cast=lambda b: [from_dict(EventType, t) for t in b["data"]]))
