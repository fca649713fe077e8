"""The API's answers as dataclasses, with the API's field names. Fields the server adds later land
in `extra` (nothing is dropped); nested objects the API documents as free-form stay dicts."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Type, TypeVar

T = TypeVar("T")

__all__ = [
    "AuthStatus", "Context", "CreatedContext", "Receipt", "Verification", "Signer", "Webhook", "CreatedWebhook",
    "RotatedWebhookSecret", "DeletedWebhook", "WebhookDelivery", "WebhookDeliveryDetail", "AgentLog",
    "RecordedEvent", "EventType", "RecoveringWebhook", "AgentTrace", "WebhookStats", "SearchResult", "Overview",
    "OverviewSeries", "from_dict",
]


def from_dict(cls: Type[T], data: Any) -> T:
    """Builds `cls` from an API object: known fields by name, the rest in `extra`."""
    if not isinstance(data, dict):
        raise TypeError("expected a JSON object for %s, got %r" % (cls.__name__, type(data).__name__))
    names = {f.name: f for f in dataclasses.fields(cls) if f.name != "extra"}  # type: ignore[arg-type]
    kwargs: Dict[str, Any] = {}
    for name, spec in names.items():
        if name in data:
            value = data[name]
            nested = _NESTED.get((cls.__name__, name))
            if nested is not None and isinstance(value, dict):
                value = from_dict(nested, value)
            kwargs[name] = value
    kwargs["extra"] = {k: v for k, v in data.items() if k not in names}
    return cls(**kwargs)


class _Model:
    def to_dict(self) -> Dict[str, Any]:
        out = dataclasses.asdict(self)  # type: ignore[call-overload]
        extra = out.pop("extra", {}) or {}
        out.update(extra)
        return out


@dataclass
class AuthStatus(_Model):
    status: Optional[str] = None
    user_id: Optional[str] = None
    plan: Optional[str] = None
    key: Optional[Dict[str, Any]] = None
    rate_limit: Optional[Dict[str, Any]] = None
    extra: Dict[str, Any] = field(default_factory=dict, repr=False)


@dataclass
class Receipt(_Model):
    """What the attestation key signed (EIP-712): keep it, one JSON per line, to audit with later."""

    context_hash: Optional[str] = None
    user_id: Optional[str] = None
    agent_id: Optional[str] = None
    sequence: Optional[int] = None
    prev_entry_hash: Optional[str] = None
    received_at: Optional[str] = None
    signer: Optional[str] = None
    signature: Optional[str] = None
    extra: Dict[str, Any] = field(default_factory=dict, repr=False)


@dataclass
class Context(_Model):
    context_id: Optional[str] = None
    agent_id: Optional[str] = None
    status: Optional[str] = None
    visibility: Optional[str] = None
    context_hash: Optional[str] = None
    signature: Optional[str] = None
    signer_address: Optional[str] = None
    transaction_hash: Optional[str] = None
    network: Optional[str] = None
    confirmations: Optional[int] = None
    block_number: Optional[int] = None
    block_timestamp: Optional[str] = None
    gas_used: Optional[int] = None
    confirmation_time_seconds: Optional[float] = None
    created_at: Optional[str] = None
    estimated_confirmation: Optional[str] = None
    context_data: Optional[Dict[str, Any]] = None
    metadata: Optional[Dict[str, Any]] = None
    #: when context_data and metadata were erased (they are then None); None while kept
    data_erased_at: Optional[str] = None
    error: Optional[Dict[str, Any]] = None
    retry_possible: Optional[bool] = None
    failure_reason: Optional[str] = None
    sequence: Optional[int] = None
    prev_entry_hash: Optional[str] = None
    entry_hash: Optional[str] = None
    extra: Dict[str, Any] = field(default_factory=dict, repr=False)


@dataclass
class CreatedContext(Context):
    """The 202 of POST /v1/contexts: the context and its receipt (see ctxlog.verify_receipt)."""

    receipt: Optional[Receipt] = None


@dataclass
class Verification(_Model):
    verification_id: Optional[str] = None
    transaction_hash: Optional[str] = None
    verified: Optional[bool] = None
    agent_id: Optional[str] = None
    context_hash: Optional[str] = None
    signature_valid: Optional[bool] = None
    hash_matches: Optional[bool] = None
    block_number: Optional[int] = None
    confirmations: Optional[int] = None
    verification_time_ms: Optional[float] = None
    checks: List[Dict[str, Any]] = field(default_factory=list)
    created_at: Optional[str] = None
    extra: Dict[str, Any] = field(default_factory=dict, repr=False)


@dataclass
class Signer(_Model):
    address: Optional[str] = None
    valid_from: Optional[str] = None
    valid_until: Optional[str] = None
    extra: Dict[str, Any] = field(default_factory=dict, repr=False)


@dataclass
class Webhook(_Model):
    webhook_id: Optional[str] = None
    url: Optional[str] = None
    events: List[str] = field(default_factory=list)
    description: Optional[str] = None
    status: Optional[str] = None
    disabled: Optional[bool] = None
    disabled_at: Optional[str] = None
    disabled_reason: Optional[str] = None
    rate_limit: Optional[float] = None
    created_at: Optional[str] = None
    updated_at: Optional[str] = None
    previous_secret_expires_at: Optional[str] = None
    extra: Dict[str, Any] = field(default_factory=dict, repr=False)


@dataclass
class CreatedWebhook(Webhook):
    """POST /webhooks → 201: the only answer that carries the secret (besides a rotation)."""

    secret: Optional[str] = None


@dataclass
class RotatedWebhookSecret(_Model):
    webhook_id: Optional[str] = None
    secret: Optional[str] = None
    previous_secret_expires_at: Optional[str] = None
    extra: Dict[str, Any] = field(default_factory=dict, repr=False)


@dataclass
class DeletedWebhook(_Model):
    webhook_id: Optional[str] = None
    deleted: Optional[bool] = None
    extra: Dict[str, Any] = field(default_factory=dict, repr=False)


@dataclass
class WebhookDelivery(_Model):
    delivery_id: Optional[str] = None
    webhook_id: Optional[str] = None
    event: Optional[str] = None
    status: Optional[str] = None
    attempts: Optional[int] = None
    response_status: Optional[int] = None
    error_message: Optional[str] = None
    created_at: Optional[str] = None
    last_attempt_at: Optional[str] = None
    next_attempt_at: Optional[str] = None
    extra: Dict[str, Any] = field(default_factory=dict, repr=False)


@dataclass
class WebhookDeliveryDetail(WebhookDelivery):
    cycle: Optional[int] = None
    attempt_log: List[Dict[str, Any]] = field(default_factory=list)


@dataclass
class RecoveringWebhook(_Model):
    recovering: Optional[int] = None
    extra: Dict[str, Any] = field(default_factory=dict, repr=False)


@dataclass
class AgentLog(_Model):
    agent_id: Optional[str] = None
    head_sequence: Optional[int] = None
    head_entry_hash: Optional[str] = None
    counts: Optional[Dict[str, int]] = None
    first_activity_at: Optional[str] = None
    last_activity_at: Optional[str] = None
    extra: Dict[str, Any] = field(default_factory=dict, repr=False)


@dataclass
class RecordedEvent(_Model):
    event_id: Optional[str] = None
    type: Optional[str] = None
    created_at: Optional[str] = None
    envelope: Optional[Dict[str, Any]] = None
    deliveries: List[Dict[str, Any]] = field(default_factory=list)
    extra: Dict[str, Any] = field(default_factory=dict, repr=False)


@dataclass
class EventType(_Model):
    type: Optional[str] = None
    summary: Optional[str] = None
    schema: Optional[Dict[str, Any]] = None
    sample: Optional[Dict[str, Any]] = None
    extra: Dict[str, Any] = field(default_factory=dict, repr=False)


@dataclass
class AgentTrace(_Model):
    """One OpenTelemetry trace an agent's spans belong to; contexts.list(trace_id=) lists its spans."""

    trace_id: Optional[str] = None
    span_count: Optional[int] = None
    error_spans: Optional[int] = None
    root_span_name: Optional[str] = None
    root_context_id: Optional[str] = None
    #: nanoseconds since the Unix epoch, as a decimal string; None when every span is erased
    start_time_unix_nano: Optional[str] = None
    end_time_unix_nano: Optional[str] = None
    first_received_at: Optional[str] = None
    last_received_at: Optional[str] = None
    #: the models the spans name, and their token totals (None when no span carries a count)
    models: Optional[List[str]] = None
    input_tokens: Optional[int] = None
    output_tokens: Optional[int] = None
    extra: Dict[str, Any] = field(default_factory=dict, repr=False)


@dataclass
class WebhookStats(_Model):
    """Attempts and their success rate per bucket: buckets = [{start, attempts, succeeded, success_rate}]."""

    webhook_id: Optional[str] = None
    since: Optional[str] = None
    until: Optional[str] = None
    bucket_seconds: Optional[int] = None
    buckets: List[Dict[str, Any]] = field(default_factory=list)
    extra: Dict[str, Any] = field(default_factory=dict, repr=False)


@dataclass
class SearchResult(_Model):
    """Every record the query names exactly: results = [{kind, id, matched, webhook_id}]."""

    query: Optional[str] = None
    results: List[Dict[str, Any]] = field(default_factory=list)
    extra: Dict[str, Any] = field(default_factory=dict, repr=False)


@dataclass
class Overview(_Model):
    """The dashboard's first page."""

    contexts_by_status: Optional[Dict[str, int]] = None
    contexts_per_minute: List[Dict[str, Any]] = field(default_factory=list)
    avg_confirmation_seconds: Optional[float] = None
    chain: Optional[Dict[str, Any]] = None
    anchoring: Optional[Dict[str, Any]] = None
    webhooks_by_status: Optional[Dict[str, int]] = None
    deliveries_failed_24h: Optional[int] = None
    extra: Dict[str, Any] = field(default_factory=dict, repr=False)


@dataclass
class OverviewSeries(_Model):
    """points = [{start, received, confirmed, p50_seconds, p95_seconds}], one per bucket."""

    since: Optional[str] = None
    until: Optional[str] = None
    bucket_seconds: Optional[int] = None
    points: List[Dict[str, Any]] = field(default_factory=list)
    extra: Dict[str, Any] = field(default_factory=dict, repr=False)


_NESTED: Dict[Any, Type[Any]] = {("CreatedContext", "receipt"): Receipt}
