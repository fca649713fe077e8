"""The API's answers as dataclasses, with the API's field names. Fields the server adds later land
in `extra` (nothing is dropped); nested objects the API documents as free-form stay dicts.

The classes are generated from apps/api/openapi.json into _generated_models.py
(`npm run gen:clients`); from_dict and to_dict are in _model_base.py."""

from __future__ import annotations

from ._generated_models import (AgentLog, AgentTrace, AnchoringCosts, AnchoringStatus, AuthStatus, Context, CreatedContext,
                                CreatedWebhook, DeletedWebhook, EventType, LegalHold, Overview, OverviewSeries, Receipt,
                                RecordedEvent, RecoveringWebhook, RotatedWebhookSecret, SearchResult, Signer,
                                Verification, Webhook, WebhookDelivery, WebhookDeliveryDetail, WebhookStats)
from ._model_base import from_dict

__all__ = [
    "AuthStatus", "Context", "CreatedContext", "Receipt", "Verification", "Signer", "Webhook", "CreatedWebhook",
    "RotatedWebhookSecret", "DeletedWebhook", "WebhookDelivery", "WebhookDeliveryDetail", "AgentLog",
    "RecordedEvent", "EventType", "RecoveringWebhook", "AgentTrace", "WebhookStats", "SearchResult", "Overview",
    "OverviewSeries", "AnchoringCosts", "AnchoringStatus", "LegalHold", "from_dict",
]
