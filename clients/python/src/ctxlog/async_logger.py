"""AsyncContextLogger: ContextLogger for asyncio (an AsyncClient, a sender task on the running
loop), with the same batching, retries, bounded queue and overflow policy. asyncio cannot run at
interpreter exit, so close it yourself: `async with AsyncContextLogger(client) as logger:` or
`await logger.aclose()`. Closing waits at most `close_timeout` seconds (30); whatever is still
unsent then, queued or in a batch being retried, goes to `on_failure` (its error a
ContextLoggerUnsent) and to one line of the log, and aclose() raises TimeoutError."""

from __future__ import annotations

import asyncio
import collections
import logging
import time
import uuid
from typing import Any, Deque, Dict, List, Optional

from ._batching import (WHEN_FULL, ContextLoggerClosed, ContextLoggerFlushError, ContextLoggerQueueFull,
                        ContextLoggerUnsent, Entry, FailureCallback, bad_items, is_retryable, item_error, make_item,
                        retry_delay, take_batch)
from .errors import CtxlogError
from .logger import _check_options
from .salt import salted_metadata

__all__ = ["AsyncContextLogger"]

log = logging.getLogger("ctxlog")


class AsyncContextLogger:
    def __init__(self, client: Any, *, max_batch_size: int = 100, max_batch_bytes: int = 4 * 1024 * 1024,
                 flush_interval: float = 0.2, max_queue_size: int = 10_000, when_full: str = "block",
                 on_failure: Optional[FailureCallback] = None, max_retries: Optional[int] = None,
                 base_delay: float = 0.25, max_delay: float = 30.0, idempotency_key_prefix: Optional[str] = None,
                 close_timeout: float = 30.0) -> None:
        _check_options(max_batch_size, max_batch_bytes, when_full)
        assert when_full in WHEN_FULL
        self._client = client
        self.max_batch_size = max_batch_size
        self.max_batch_bytes = max_batch_bytes
        self.flush_interval = flush_interval
        self.max_queue_size = max_queue_size
        self.when_full = when_full
        self.on_failure = on_failure
        self.max_retries = max_retries
        self.base_delay = base_delay
        self.max_delay = max_delay
        self.close_timeout = close_timeout
        self._prefix = idempotency_key_prefix or "ctxlog-py-%s" % uuid.uuid4()
        self._batches = 0
        self._queue: Deque[Entry] = collections.deque()
        self._queued_bytes = 0
        self._outstanding = 0
        self._flushes = 0
        self._closed = False
        self._failures: List["tuple[Dict[str, Any], BaseException]"] = []
        self._inflight: List[Entry] = []  # the batch the sender task is sending (or retrying)
        self._condition: Optional[asyncio.Condition] = None
        self._task: Optional["asyncio.Task[None]"] = None

    @property
    def pending(self) -> int:
        return self._outstanding

    @property
    def _changed(self) -> asyncio.Condition:
        # created on first use, inside the running loop: on Python 3.9 a Condition made outside it
        # binds to another loop than asyncio.run's
        if self._condition is None:
            self._condition = asyncio.Condition()
        return self._condition

    async def log(self, agent_id: str, context_data: Dict[str, Any],
                  metadata: Optional[Dict[str, Any]] = None, *, salt: bool = False) -> "asyncio.Future[Any]":
        """Queues a context (waiting for room when the queue is full and when_full is "block");
        returns a future of its record. `await (await logger.log(...))` waits for the record.
        `salt=True`: 32 random bytes in metadata (`ctxlog_salt`), added once, here."""
        item, size = make_item(agent_id, context_data, salted_metadata(metadata) if salt else metadata)
        future: "asyncio.Future[Any]" = asyncio.get_running_loop().create_future()
        async with self._changed:
            if self._closed:
                raise ContextLoggerClosed("ctxlog: log() after close()")
            while self._outstanding >= self.max_queue_size:
                if self.when_full == "raise":
                    raise ContextLoggerQueueFull("ctxlog: %d contexts are already queued" % self._outstanding)
                if self.when_full == "drop":
                    error = ContextLoggerQueueFull("ctxlog: queue full (%d), context dropped" % self._outstanding)
                    future.set_exception(error)
                    future.exception()  # retrieved: asyncio must not warn about it
                    self._report(item, error)
                    return future
                await self._changed.wait()
                if self._closed:
                    raise ContextLoggerClosed("ctxlog: log() after close()")
            self._queue.append(Entry(item, size, time.monotonic(), future))
            self._queued_bytes += size
            self._outstanding += 1
            if self._task is None or self._task.done():
                self._task = asyncio.get_running_loop().create_task(self._run())
            self._changed.notify_all()
        return future

    async def flush(self) -> None:
        async with self._changed:
            self._flushes += 1
            self._changed.notify_all()
            try:
                await self._changed.wait_for(lambda: self._outstanding == 0)
            finally:
                self._flushes -= 1
            failed, self._failures = self._failures, []
        if failed:
            raise ContextLoggerFlushError(failed)

    async def aclose(self, timeout: Optional[float] = None) -> None:
        """Refuses further log() calls and flushes, waiting at most `timeout` seconds
        (`close_timeout` when None); then every context still unsent goes to on_failure and the log,
        and TimeoutError is raised."""
        timeout = self.close_timeout if timeout is None else timeout
        async with self._changed:
            self._closed = True
            self._changed.notify_all()
        try:
            await asyncio.wait_for(self.flush(), timeout)
        except asyncio.TimeoutError:
            if self._task is not None:
                self._task.cancel()
            self._abandon("ctxlog: not sent before aclose() timed out after %s s" % timeout)
            raise TimeoutError("ctxlog: contexts still unsent after %s s went to on_failure" % timeout) from None
        finally:
            if self._task is not None:
                self._task.cancel()

    def _abandon(self, reason: str) -> None:
        """Settles every unsent context, queued or in flight, as ContextLoggerUnsent: one log line,
        then on_failure for each (the sender task is cancelled first, on this same loop)."""
        unsent = [e for e in list(self._queue) + self._inflight if not e.future.done()]
        self._queue.clear()
        self._queued_bytes = 0
        self._inflight = []
        error = ContextLoggerUnsent(reason)
        for entry in unsent:
            entry.future.set_exception(error)
            entry.future.exception()  # reported through on_failure and the log instead
        self._outstanding -= len(unsent)
        if not unsent:
            return
        log.error("ctxlog: %d context(s) not sent (%s); each went to on_failure", len(unsent), reason)
        for entry in unsent:
            if self.on_failure is not None:
                try:
                    self.on_failure(entry.item, error)
                except Exception:  # noqa: BLE001
                    log.exception("ctxlog: on_failure raised")

    async def __aenter__(self) -> "AsyncContextLogger":
        return self

    async def __aexit__(self, *exc: Any) -> None:
        await self.aclose()

    def _report(self, item: Dict[str, Any], error: BaseException) -> None:
        log.error("ctxlog: context for agent %s not accepted: %s", item.get("agent_id"), error)
        if self.on_failure is not None:
            try:
                self.on_failure(item, error)
            except Exception:  # noqa: BLE001
                log.exception("ctxlog: on_failure raised")

    def _fail(self, entry: Entry, error: BaseException) -> None:
        if not entry.future.done():
            entry.future.set_exception(error)
            entry.future.exception()  # reported through flush(), on_failure and the log instead
        self._failures.append((entry.item, error))
        self._report(entry.item, error)

    async def _run(self) -> None:
        while True:
            async with self._changed:
                while True:
                    if self._queue:
                        full = len(self._queue) >= self.max_batch_size or self._queued_bytes >= self.max_batch_bytes
                        waited = time.monotonic() - self._queue[0].at
                        if full or self._flushes or self._closed or waited >= self.flush_interval:
                            break
                        try:
                            await asyncio.wait_for(self._changed.wait(), self.flush_interval - waited)
                        except asyncio.TimeoutError:
                            pass
                    else:
                        await self._changed.wait()
                batch = take_batch(self._queue, self.max_batch_size, self.max_batch_bytes)
                self._queued_bytes -= sum(e.size for e in batch)
                self._inflight = batch
            await self._send(batch)
            self._inflight = []

    async def _send(self, batch: List[Entry]) -> None:
        self._batches += 1
        key = "%s-%d" % (self._prefix, self._batches)
        attempt = 0
        records: Any = None
        error: Optional[BaseException] = None
        while True:
            try:
                records = await self._client.contexts.create_many([e.item for e in batch], idempotency_key=key)
                break
            except Exception as caught:  # noqa: BLE001
                if is_retryable(caught) and (self.max_retries is None or attempt < self.max_retries):
                    log.warning("ctxlog: batch of %d refused for now (%s); retrying", len(batch), caught)
                    await asyncio.sleep(retry_delay(caught, attempt, self.base_delay, self.max_delay))
                    attempt += 1
                    continue
                error = caught
                break
        async with self._changed:
            if error is None:
                for i, entry in enumerate(batch):
                    if i < len(records):
                        if not entry.future.done():
                            entry.future.set_result(records[i])
                    else:
                        self._fail(entry, CtxlogError("ctxlog: the batch answer has no record for item %d" % i))
                self._outstanding -= len(batch)
            else:
                bad = bad_items(error, len(batch))
                if bad is None:
                    for i, entry in enumerate(batch):
                        self._fail(entry, item_error(error, i))
                    self._outstanding -= len(batch)
                else:
                    keep = [e for i, e in enumerate(batch) if i not in bad]
                    for i in sorted(bad):
                        self._fail(batch[i], item_error(error, i))
                    self._outstanding -= len(bad)
                    self._queue.extendleft(reversed(keep))
                    self._queued_bytes += sum(e.size for e in keep)
            self._changed.notify_all()
