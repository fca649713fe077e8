"""verify_webhook: checks that a webhook POST comes from ctxlog and is fresh, then returns its body.

Each delivery carries X-Service-Signature (hex HMAC-SHA256 of the raw body) and the Standard
Webhooks headers webhook-id, webhook-timestamp and webhook-signature ("v1,<base64 HMAC-SHA256 of
`id.timestamp.body`>", space-separated). Key material, as packages/sdk/src/webhooks.ts accepts it:
for a `whsec_<base64>` secret the key is the base64-decoded part (Standard Webhooks), any other
secret is used as its UTF-8 bytes; X-Service-Signature is also accepted under the UTF-8 bytes of the
whole secret string (what the webhook worker signs with)."""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import re
import time
from typing import Any, List, Mapping, Optional, Sequence, Union

from .errors import WebhookVerificationError

__all__ = ["verify_webhook", "DEFAULT_TOLERANCE_SECONDS"]

DEFAULT_TOLERANCE_SECONDS = 300
_STANDARD_SECRET = re.compile(r"^whsec_([A-Za-z0-9+/]+={0,2})$")
_HEX_SHA256 = re.compile(r"^[0-9a-fA-F]{64}$")
_TIMESTAMP = re.compile(r"^\d{1,15}$")


def _standard_key(secret: str) -> bytes:
    match = _STANDARD_SECRET.match(secret)
    if match:
        try:
            decoded = base64.b64decode(match.group(1))
        except (binascii.Error, ValueError):
            decoded = b""
        if decoded:
            return decoded
    return secret.encode("utf-8")


def _header(headers: Any, name: str) -> Optional[str]:
    getter = getattr(headers, "get", None)
    # case-insensitive mappings (httpx, requests, Starlette, Werkzeug headers) answer any case
    value = getter(name) if getter is not None else None
    if value is None and isinstance(headers, Mapping):
        for key in headers:
            if isinstance(key, str) and key.lower() == name:
                value = headers[key]
                break
    if isinstance(value, (list, tuple)):
        value = " ".join(value)
    if isinstance(value, bytes):
        value = value.decode("latin-1")
    return value


def _fail(reason: str, message: str) -> "WebhookVerificationError":
    return WebhookVerificationError(reason, message)


def verify_webhook(payload: Union[bytes, str], headers: Mapping[str, Any], secret: Union[str, Sequence[str]],
                   tolerance: int = DEFAULT_TOLERANCE_SECONDS, now: Optional[float] = None) -> Any:
    """Returns the parsed body of a genuine, fresh delivery; raises WebhookVerificationError
    (answer 400, drop the event) otherwise. `payload` must be the exact bytes received, never
    re-serialized JSON. `secret` may be a list (the new and the old one, during a rotation). Every
    comparison is constant time; a timestamp more than `tolerance` seconds from now is refused."""
    if isinstance(payload, str):
        body = payload.encode("utf-8")
    elif isinstance(payload, (bytes, bytearray, memoryview)):
        body = bytes(payload)
    else:
        raise TypeError("verify_webhook needs the raw body as bytes (e.g. await request.body()), not parsed JSON")
    secrets: List[str] = [secret] if isinstance(secret, str) else list(secret)
    if not secrets or any(not isinstance(s, str) or not s for s in secrets):
        raise TypeError("verify_webhook: give one or more non-empty secrets")

    service = [v for v in (_header(headers, "x-service-signature"), _header(headers, "x-service-signature-previous"))
               if v is not None]
    webhook_id = _header(headers, "webhook-id")
    timestamp = _header(headers, "webhook-timestamp")
    signatures = _header(headers, "webhook-signature")
    if not service:
        raise _fail("missing_header", "X-Service-Signature header is missing")
    if not webhook_id or not timestamp or not signatures:
        raise _fail("missing_header", "webhook-id, webhook-timestamp and webhook-signature headers are required")

    # freshness first: it is cheap and a stale delivery is refused whatever its signature
    if not _TIMESTAMP.match(timestamp):
        raise _fail("invalid_timestamp", "webhook-timestamp is not unix seconds")
    sent_at = int(timestamp)
    current = int(time.time() if now is None else now)
    if current - sent_at > tolerance:
        raise _fail("timestamp_too_old", "webhook-timestamp is %d s old" % (current - sent_at))
    if sent_at - current > tolerance:
        raise _fail("timestamp_too_new", "webhook-timestamp is %d s ahead" % (sent_at - current))

    given_service = [bytes.fromhex(v) for v in service if _HEX_SHA256.match(v)]
    service_ok = False
    for s in secrets:
        for key in (_standard_key(s), s.encode("utf-8")):
            expected = hmac.new(key, body, hashlib.sha256).digest()
            for given in given_service:
                service_ok |= hmac.compare_digest(given, expected)
    if not service_ok:
        raise _fail("invalid_signature", "X-Service-Signature does not match the body")

    signed = ("%s.%d." % (webhook_id, sent_at)).encode("utf-8") + body
    candidates = []
    for entry in signatures.split(" "):
        if entry.startswith("v1,"):
            try:
                candidates.append(base64.b64decode(entry[3:]))
            except (binascii.Error, ValueError):
                continue
    standard_ok = False
    for s in secrets:
        expected = hmac.new(_standard_key(s), signed, hashlib.sha256).digest()
        for given in candidates:
            standard_ok |= hmac.compare_digest(given, expected)
    if not standard_ok:
        raise _fail("invalid_signature", "no webhook-signature entry matches")

    try:
        return json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise _fail("invalid_body", "the signed body is not JSON") from None
