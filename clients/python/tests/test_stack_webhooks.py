"""Webhooks through the client against the real API, and real deliveries from the real webhook
worker to a receiver on loopback, checked with verify_webhook (also across a secret rotation)."""

import queue
import threading
import time
from datetime import datetime, timedelta, timezone
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from ctxlog import WebhookVerificationError, verify_webhook
from ctxlog.models import CreatedWebhook, WebhookDelivery, WebhookDeliveryDetail

pytestmark = pytest.mark.stack


@pytest.fixture
def receiver():
    """A real HTTP server on 127.0.0.1 that keeps each POST's raw body and headers."""
    received = queue.Queue()
    state = {"down": False}

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self):  # noqa: N802 - http.server's name
            body = self.rfile.read(int(self.headers.get("content-length", 0)))
            if state["down"]:
                self.send_response(503)
                self.end_headers()
                return
            received.put((body, dict(self.headers.items())))
            self.send_response(200)
            self.end_headers()

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    server.received = received
    server.state = state
    server.url = "http://127.0.0.1:%d/ctxlog" % server.server_address[1]
    yield server
    server.shutdown()


def wait_for(fn, timeout=15.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = fn()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError("timed out")


def test_webhook_lifecycle_and_real_deliveries_verified(client, receiver, control):
    created = client.webhooks.create(receiver.url, ["context.created", "context.confirmed"], description="py test")
    assert isinstance(created, CreatedWebhook) and created.secret.startswith("whsec_")
    hook = created.webhook_id
    assert [w.webhook_id for w in client.webhooks.list(limit=1)] == [hook]
    assert client.webhooks.get(hook).description == "py test"
    updated = client.webhooks.update(hook, events=["context.confirmed"])
    assert updated.events == ["context.confirmed"] and updated.url == receiver.url

    delivery = client.webhooks.test(hook)
    assert isinstance(delivery, WebhookDelivery)
    body, headers = receiver.received.get(timeout=15)
    event = verify_webhook(body, headers, created.secret)
    assert event["test"] is True and headers["webhook-id"] == delivery.delivery_id
    # a byte changed, a wrong secret, a stale timestamp: each refused by reason
    with pytest.raises(WebhookVerificationError) as caught:
        verify_webhook(body + b" ", headers, created.secret)
    assert caught.value.reason == "invalid_signature"
    with pytest.raises(WebhookVerificationError):
        verify_webhook(body, headers, "whsec_" + "A" * 43)
    with pytest.raises(WebhookVerificationError) as caught:
        verify_webhook(body, headers, created.secret, now=time.time() + 301)
    assert caught.value.reason == "timestamp_too_old"
    with pytest.raises(WebhookVerificationError) as caught:
        verify_webhook(body, {k: v for k, v in headers.items() if k.lower() != "webhook-signature"}, created.secret)
    assert caught.value.reason == "missing_header"

    # a rotation: the next delivery verifies with the new secret and with the old one
    rotated = client.webhooks.rotate_secret(hook)
    assert rotated.secret != created.secret and rotated.previous_secret_expires_at
    client.webhooks.test(hook)
    body, headers = receiver.received.get(timeout=15)
    assert verify_webhook(body, headers, rotated.secret)["test"] is True
    assert verify_webhook(body, headers, created.secret)["test"] is True
    assert verify_webhook(body, headers, [rotated.secret, "whsec_" + "B" * 43])["test"] is True

    # a real event: the context.confirmed of a new context, anchored as the chain worker anchors
    context = client.contexts.create("py-hooked", {"n": 1})
    control("/anchor", context_ids=[context.context_id])
    body, headers = receiver.received.get(timeout=15)
    event = verify_webhook(body, headers, rotated.secret)
    assert (event["event"], event["data"]["context_id"]) == ("context.confirmed", context.context_id)
    recorded = list(client.events.list(type="context.confirmed", limit=1))
    assert [e.envelope["data"]["context_id"] for e in recorded] == [context.context_id]
    assert client.events.get(recorded[0].event_id).deliveries[0]["webhook_id"] == hook

    done = wait_for(lambda: [d for d in client.webhooks.deliveries(hook, status="succeeded")
                             if d.delivery_id == delivery.delivery_id])
    detail = client.webhooks.delivery(hook, done[0].delivery_id)
    assert isinstance(detail, WebhookDeliveryDetail) and detail.attempt_log[0]["response_status"] == 200

    # the receiver goes down: a delivery fails all its attempts, is retried by hand, then another
    # is recovered by time window; each arrives with its own stable webhook-id
    receiver.state["down"] = True
    since = datetime.now(timezone.utc) - timedelta(seconds=1)
    failing = client.webhooks.test(hook)
    wait_for(lambda: client.webhooks.delivery(hook, failing.delivery_id).status == "failed")
    receiver.state["down"] = False
    again = client.webhooks.retry(hook, failing.delivery_id)
    assert again.delivery_id == failing.delivery_id
    body, headers = receiver.received.get(timeout=15)
    assert headers["webhook-id"] == failing.delivery_id and verify_webhook(body, headers, rotated.secret)
    receiver.state["down"] = True
    lost = client.webhooks.test(hook)
    wait_for(lambda: client.webhooks.delivery(hook, lost.delivery_id).status == "failed")
    receiver.state["down"] = False
    assert client.webhooks.recover(hook, since, datetime.now(timezone.utc)).recovering == 1
    body, headers = receiver.received.get(timeout=15)
    assert headers["webhook-id"] == lost.delivery_id and verify_webhook(body, headers, rotated.secret)
    assert client.webhooks.delete(hook).deleted is True
