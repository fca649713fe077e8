"""Every error this package raises on purpose is a CtxlogError. An HTTP error answered by the API
is an ApiError subclass named after its code (NotFound for NOT_FOUND, RateLimitExceeded for
RATE_LIMIT_EXCEEDED, ...): catch the class, never match the message, which may change."""

from __future__ import annotations

from typing import Any, Dict, Optional, Type

__all__ = [
    "CtxlogError", "ApiError", "CtxlogConnectionError", "RpcUnreachableError", "WebhookVerificationError",
    "InvalidApiKey", "InvalidCredentials", "InvalidSession", "InsufficientPermissions", "CsrfTokenInvalid",
    "RateLimitExceeded", "ValidationError", "InvalidJson", "PayloadTooLarge", "UnsupportedMediaType",
    "NotFound", "Conflict", "ServiceUnavailable", "InternalError", "UnknownError", "error_for",
    "ConfirmationTimeoutError", "NotJsonError", "ContextTooLargeError",
]


class CtxlogError(Exception):
    """Base class of every error the package raises on purpose."""


class NotJsonError(CtxlogError, TypeError, ValueError):
    """Data with no JSON form (a datetime, NaN or Infinity, bytes, a set, a cycle, a lone surrogate in
    a string, a key that is not a str...), refused before anything is sent. `path` names the value
    in the request body as the API's `details[].path` does (`context_data.steps.2.at`; in a batch
    `contexts.1.context_data...`; from a logger's log() the item's own `context_data...`); `reason`
    says what it is. Also a TypeError and a ValueError, which is what json.dumps raised before."""

    def __init__(self, path: str, reason: str) -> None:
        super().__init__("ctxlog: %s is %s, which has no JSON form; nothing was sent" % (path or "the body", reason))
        self.path = path
        self.reason = reason


class ContextTooLargeError(CtxlogError):
    """A context (or a batch) too large for the API, however it was found: the 413 answer
    (PayloadTooLarge is also a ContextTooLargeError), a logger's item refused by the batch route for
    its size (`path` such as `context_data`, the 400 answer as `__cause__`), or an item over the
    5 MiB batch limit, refused by log() before it is queued (`size` and `limit` in bytes). Fields
    not known are None."""

    path: Optional[str] = None
    size: Optional[int] = None
    limit: Optional[int] = None

    def __init__(self, message: str, *, path: Optional[str] = None, size: Optional[int] = None,
                 limit: Optional[int] = None) -> None:
        super().__init__(message)
        self.path = path
        self.size = size
        self.limit = limit


class ApiError(CtxlogError):
    """An HTTP error answered by the API: `code` from the closed list (UNKNOWN_ERROR when the answer
    had no `{"error": {...}}` envelope, e.g. a proxy's page), `message`, `request_id` (quote it when
    reporting a problem), `status`, `details`, and `retry_after` (seconds, from Retry-After)."""

    code = "UNKNOWN_ERROR"

    def __init__(self, message: str, *, status: int, code: Optional[str] = None, request_id: Optional[str] = None,
                 details: Any = None, retry_after: Optional[float] = None, method: str = "", url: str = "") -> None:
        if code is not None:
            self.code = code
        self.message = message
        self.status = status
        self.request_id = request_id
        self.details = details
        self.retry_after = retry_after
        self.method = method
        self.url = url
        super().__init__("%s (%d) on %s %s: %s" % (self.code, status, method, url, message))


class InvalidApiKey(ApiError):
    code = "INVALID_API_KEY"


class InvalidCredentials(ApiError):
    code = "INVALID_CREDENTIALS"


class InvalidSession(ApiError):
    code = "INVALID_SESSION"


class InsufficientPermissions(ApiError):
    code = "INSUFFICIENT_PERMISSIONS"


class CsrfTokenInvalid(ApiError):
    code = "CSRF_TOKEN_INVALID"


class RateLimitExceeded(ApiError):
    """429: `retry_after` says how many seconds to wait (the client already waited and retried)."""

    code = "RATE_LIMIT_EXCEEDED"


class ValidationError(ApiError):
    """400: `details` lists the problems; for a batch, `details[i]["index"]` names the bad item."""

    code = "VALIDATION_ERROR"


class InvalidJson(ApiError):
    code = "INVALID_JSON"


class PayloadTooLarge(ApiError, ContextTooLargeError):
    """413: a context (or the batch's body) over the API's size limit; `except ContextTooLargeError`
    catches it together with the logger's size refusals."""

    code = "PAYLOAD_TOO_LARGE"


class UnsupportedMediaType(ApiError):
    code = "UNSUPPORTED_MEDIA_TYPE"


class NotFound(ApiError):
    code = "NOT_FOUND"


class Conflict(ApiError):
    code = "CONFLICT"


class ServiceUnavailable(ApiError):
    code = "SERVICE_UNAVAILABLE"


class InternalError(ApiError):
    code = "INTERNAL_ERROR"


class UnknownError(ApiError):
    code = "UNKNOWN_ERROR"


_BY_CODE: Dict[str, Type[ApiError]] = {
    cls.code: cls
    for cls in (InvalidApiKey, InvalidCredentials, InvalidSession, InsufficientPermissions, CsrfTokenInvalid,
                RateLimitExceeded, ValidationError, InvalidJson, PayloadTooLarge, UnsupportedMediaType, NotFound,
                Conflict, ServiceUnavailable, InternalError)
}


def error_for(code: Any) -> Type[ApiError]:
    """The class of an error code (UnknownError for a code outside the closed list)."""
    return _BY_CODE.get(code, UnknownError) if isinstance(code, str) else UnknownError


class CtxlogConnectionError(CtxlogError):
    """No HTTP answer arrived at all (DNS, refused connection, reset, timeout), even after retries."""

    def __init__(self, message: str, method: str = "", url: str = "") -> None:
        super().__init__(message)
        self.method = method
        self.url = url


class RpcUnreachableError(CtxlogError):
    """verify_proof / audit_agent could not talk to the JSON-RPC endpoint at all. Not a failed
    check: an unreachable node proves nothing either way."""

    def __init__(self, message: str, rpc_url: str) -> None:
        super().__init__(message)
        self.rpc_url = rpc_url


class WebhookVerificationError(CtxlogError):
    """verify_webhook refused a delivery: answer 400 and do not process it. `reason` is one of
    missing_header, invalid_timestamp, timestamp_too_old, timestamp_too_new, invalid_signature,
    invalid_body."""

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason


class ConfirmationTimeoutError(CtxlogError):
    """wait_confirmed gave up: the context was still `status` (pending) after `timeout` seconds."""

    def __init__(self, context_id: str, status: str, timeout: float) -> None:
        super().__init__("ctxlog: context %s still %s after %g s" % (context_id, status, timeout))
        self.context_id = context_id
        self.status = status
        self.timeout = timeout
