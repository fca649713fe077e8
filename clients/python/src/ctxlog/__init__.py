"""ctxlog: log agent contexts to ctxlog, batch them, and verify proofs and audit logs without
trusting the service. See README.md for the quick start."""

from ._batching import ContextLoggerClosed, ContextLoggerFlushError, ContextLoggerQueueFull, ContextLoggerUnsent
from ._version import __version__
from .async_logger import AsyncContextLogger
from .audit import AuditBreak, AuditResult, audit_agent, ndjson_lines
from .canonical import CanonicalizationError, canonicalize, hash_context
from .chain_entry import compute_entry_hash, receipt_digest, verify_receipt
from .client import AsyncClient, Client
from .decorator import configure, logged
from .errors import (ApiError, ConfirmationTimeoutError, Conflict, ContextTooLargeError, CsrfTokenInvalid,
                     CtxlogConnectionError, CtxlogError, InsufficientPermissions, InternalError, InvalidApiKey,
                     InvalidCredentials, InvalidJson, InvalidSession, NotFound, NotJsonError,
                     PayloadTooLarge, RateLimitExceeded, RpcUnreachableError, ServiceUnavailable, UnknownError,
                     UnsupportedMediaType, ValidationError, WebhookVerificationError)
from .evidence import PackFailure, PackReadError, VerifyPackResult, verify_pack
from .keccak import keccak256
from .logger import ContextLogger
from .merkle import process_merkle_proof, verify_merkle_proof
from .proof_bundle import erased_at, with_held_data
from .salt import SALT_METADATA_KEY, salted_metadata
from .verify import Check, VerifyResult, verify_proof
from .webhooks import verify_webhook

__all__ = [
    "__version__", "Client", "AsyncClient", "ContextLogger", "AsyncContextLogger", "logged", "configure",
    "verify_webhook", "verify_proof", "verify_pack", "VerifyPackResult", "PackFailure", "PackReadError", "erased_at", "with_held_data", "SALT_METADATA_KEY", "salted_metadata", "audit_agent", "verify_receipt", "ndjson_lines", "VerifyResult", "Check",
    "AuditResult", "AuditBreak", "canonicalize", "hash_context", "compute_entry_hash", "receipt_digest",
    "keccak256", "process_merkle_proof", "verify_merkle_proof", "CanonicalizationError",
    "CtxlogError", "ApiError", "CtxlogConnectionError", "RpcUnreachableError", "WebhookVerificationError",
    "InvalidApiKey", "InvalidCredentials", "InvalidSession", "InsufficientPermissions", "CsrfTokenInvalid",
    "RateLimitExceeded", "ValidationError", "InvalidJson", "PayloadTooLarge", "UnsupportedMediaType", "NotFound",
    "Conflict", "ServiceUnavailable", "InternalError", "UnknownError", "ConfirmationTimeoutError",
    "NotJsonError", "ContextTooLargeError",
    "ContextLoggerQueueFull", "ContextLoggerClosed", "ContextLoggerFlushError", "ContextLoggerUnsent",
]
