"""@ctxlog.logged(agent_id=...): each call of the function becomes one context with its arguments,
its result (or exception) and its duration, sent through a ContextLogger (the one given, else the
default set by ctxlog.configure). The call itself is never slowed by the API nor broken by it."""

from __future__ import annotations

import functools
import inspect
import json
import logging
import time
from typing import Any, Callable, Dict, Optional, TypeVar


__all__ = ["logged", "configure", "default_logger"]

F = TypeVar("F", bound=Callable[..., Any])
log = logging.getLogger("ctxlog")
_default: Optional[Any] = None


def configure(logger: Any) -> None:
    """Sets the logger that @logged uses when none is passed (a ContextLogger or AsyncContextLogger)."""
    global _default
    _default = logger


def default_logger() -> Optional[Any]:
    return _default


def _jsonable(value: Any) -> Any:
    """The value as JSON data: as is when it has a JSON form, else its repr (hashing needs JSON)."""
    try:
        return json.loads(json.dumps(value, allow_nan=False))
    except (TypeError, ValueError):
        return repr(value)


def _context(fn: Callable[..., Any], args: Any, kwargs: Any, started: float, result: Any,
             error: Optional[BaseException]) -> Dict[str, Any]:
    try:
        bound = inspect.signature(fn).bind_partial(*args, **kwargs)
        arguments = {name: _jsonable(value) for name, value in bound.arguments.items()}
    except (TypeError, ValueError):
        arguments = {"args": _jsonable(list(args)), "kwargs": _jsonable(kwargs)}
    data: Dict[str, Any] = {
        "function": "%s.%s" % (fn.__module__, fn.__qualname__),
        "arguments": arguments,
        "duration_ms": round((time.perf_counter() - started) * 1000, 3),
    }
    if error is None:
        data["result"] = _jsonable(result)
    else:
        data["exception"] = {"type": type(error).__name__, "message": str(error)}
    return data


def logged(agent_id: str, logger: Optional[Any] = None, metadata: Optional[Dict[str, Any]] = None) -> Callable[[F], F]:
    """Logs each call as one context: {function, arguments, result | exception, duration_ms}.
    Works on functions and coroutine functions (with an AsyncContextLogger, or a ContextLogger)."""

    def decorate(fn: F) -> F:
        def send(data: Dict[str, Any]) -> Any:
            target = logger or _default
            if target is None:
                log.warning("ctxlog: @logged(%s) has no logger; call ctxlog.configure(logger)", agent_id)
                return None
            try:
                return target.log(agent_id, data, metadata)
            except Exception as error:  # noqa: BLE001 - logging must never break the call it logs
                log.error("ctxlog: @logged(%s) could not queue its context: %s", agent_id, error)
                return None

        async def asend(data: Dict[str, Any]) -> None:
            queued = send(data)
            if inspect.isawaitable(queued):
                try:
                    await queued  # an AsyncContextLogger's log(): waits only for room in its queue
                except Exception as error:  # noqa: BLE001
                    log.error("ctxlog: @logged(%s) could not queue its context: %s", agent_id, error)

        if inspect.iscoroutinefunction(fn):
            @functools.wraps(fn)
            async def async_wrapper(*args: Any, **kwargs: Any) -> Any:
                started = time.perf_counter()
                try:
                    result = await fn(*args, **kwargs)
                except BaseException as error:
                    await asend(_context(fn, args, kwargs, started, None, error))
                    raise
                await asend(_context(fn, args, kwargs, started, result, None))
                return result

            return async_wrapper  # type: ignore[return-value]

        @functools.wraps(fn)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            started = time.perf_counter()
            try:
                result = fn(*args, **kwargs)
            except BaseException as error:
                send(_context(fn, args, kwargs, started, None, error))
                raise
            send(_context(fn, args, kwargs, started, result, None))
            return result

        return wrapper  # type: ignore[return-value]

    return decorate


