"""ContextLogger: log contexts from any thread without waiting for the API; a background thread
sends them in batches through POST /v1/contexts/batch.

- A batch leaves at `max_batch_size` contexts (≤ 500), before its JSON passes `max_batch_bytes`
  (≤ 5 MiB), or once its oldest context has waited `flush_interval` seconds.
- Each batch has its own Idempotency-Key, kept across its retries. 429, 502, 503, 504 and dropped
  connections are retried without limit (honouring Retry-After), so a context once accepted by
  log() is not lost to a rate limit or an outage, and a batch the server committed before its
  answer was lost is not written twice.
- A refusal (400 naming some items, 401, 403, 413, …) fails only the items concerned: their
  futures get the error, `on_failure(item, error)` is called and the `ctxlog` logger logs it; the
  other items of the batch are sent again.
- The queue is bounded (`max_queue_size` contexts queued or in flight). Overflow policy,
  `when_full`: "block" (default) makes log() wait for room (up to `block_timeout` seconds, then
  ContextLoggerQueueFull); "raise" raises ContextLoggerQueueFull at once; "drop" drops the new
  context, reports it to `on_failure` and the log, and returns a future already failed with
  ContextLoggerQueueFull. Contexts already accepted are never dropped.
- At interpreter exit the logger flushes (atexit), waiting at most `exit_timeout` seconds (30);
  whatever is still unsent then, queued or in a batch being retried, goes to `on_failure` (its
  error a ContextLoggerUnsent) and to one line of the log, so the caller can keep it. The same
  holds for close(timeout) when the timeout passes.
"""

from __future__ import annotations

import atexit
import collections
import logging
import threading
import time
import uuid
import weakref
from concurrent.futures import Future
from typing import Any, Deque, Dict, List, Optional

from ._batching import (MAX_BATCH_BYTES, MAX_BATCH_ITEMS, WHEN_FULL, ContextLoggerClosed, ContextLoggerFlushError,
                        ContextLoggerQueueFull, ContextLoggerUnsent, Entry, FailureCallback, bad_items,
                        is_retryable, item_error, make_item, retry_delay, take_batch)
from .errors import CtxlogError
from .salt import salted_metadata

__all__ = ["ContextLogger", "ContextLoggerQueueFull", "ContextLoggerClosed", "ContextLoggerFlushError",
           "ContextLoggerUnsent"]

log = logging.getLogger("ctxlog")


def _check_options(max_batch_size: int, max_batch_bytes: int, when_full: str) -> None:
    if not 1 <= max_batch_size <= MAX_BATCH_ITEMS:
        raise ValueError("max_batch_size must be from 1 to %d" % MAX_BATCH_ITEMS)
    if not 1024 <= max_batch_bytes <= MAX_BATCH_BYTES:
        raise ValueError("max_batch_bytes must be from 1 KiB to 5 MiB")
    if when_full not in WHEN_FULL:
        raise ValueError("when_full must be one of %s" % ", ".join(WHEN_FULL))


class ContextLogger:
    def __init__(self, client: Any, *, max_batch_size: int = 100, max_batch_bytes: int = 4 * 1024 * 1024,
                 flush_interval: float = 0.2, max_queue_size: int = 10_000, when_full: str = "block",
                 block_timeout: Optional[float] = None, on_failure: Optional[FailureCallback] = None,
                 max_retries: Optional[int] = None, base_delay: float = 0.25, max_delay: float = 30.0,
                 exit_timeout: float = 30.0, idempotency_key_prefix: Optional[str] = None) -> None:
        _check_options(max_batch_size, max_batch_bytes, when_full)
        self._client = client
        self.max_batch_size = max_batch_size
        self.max_batch_bytes = max_batch_bytes
        self.flush_interval = flush_interval
        self.max_queue_size = max_queue_size
        self.when_full = when_full
        self.block_timeout = block_timeout
        self.on_failure = on_failure
        self.max_retries = max_retries  # None: 429/503/dropped connections are retried until they pass
        self.base_delay = base_delay
        self.max_delay = max_delay
        self.exit_timeout = exit_timeout
        self._prefix = idempotency_key_prefix or "ctxlog-py-%s" % uuid.uuid4()
        self._batches = 0
        self._queue: Deque[Entry] = collections.deque()
        self._queued_bytes = 0
        self._outstanding = 0  # queued or in a batch under way
        self._flushes = 0  # flush() calls waiting: send whatever is queued now
        self._closed = False
        self._stopping = False
        self._inflight: List[Entry] = []  # the batch the sender is sending (or retrying)
        self._failures: List["tuple[Dict[str, Any], BaseException]"] = []
        self._cv = threading.Condition()
        self._thread = threading.Thread(target=self._run, name="ctxlog-logger", daemon=True)
        self._thread.start()
        # at exit, through a weak reference: a logger nobody holds any more is not kept alive
        ref = weakref.ref(self)
        self._atexit = lambda: (lambda me: me and me._exit())(ref())
        atexit.register(self._atexit)

    @property
    def pending(self) -> int:
        """Contexts queued or being sent."""
        return self._outstanding

    def log(self, agent_id: str, context_data: Dict[str, Any], metadata: Optional[Dict[str, Any]] = None,
            *, salt: bool = False) -> Future:
        """Queues a context; returns a Future of its record (Context) once its batch is accepted.
        `salt=True`: 32 random bytes in metadata (`ctxlog_salt`), added once, here."""
        item, size = make_item(agent_id, context_data, salted_metadata(metadata) if salt else metadata)
        future: Future = Future()
        with self._cv:
            if self._closed:
                raise ContextLoggerClosed("ctxlog: log() after close()")
            deadline = None if self.block_timeout is None else time.monotonic() + self.block_timeout
            while self._outstanding >= self.max_queue_size:
                if self.when_full == "raise":
                    raise ContextLoggerQueueFull("ctxlog: %d contexts are already queued" % self._outstanding)
                if self.when_full == "drop":
                    error = ContextLoggerQueueFull("ctxlog: queue full (%d), context dropped" % self._outstanding)
                    future.set_exception(error)
                    self._report(item, error)
                    return future
                remaining = None if deadline is None else deadline - time.monotonic()
                if remaining is not None and remaining <= 0:
                    raise ContextLoggerQueueFull("ctxlog: no room in the queue after %s s" % self.block_timeout)
                self._cv.wait(remaining)
                if self._closed:
                    raise ContextLoggerClosed("ctxlog: log() after close()")
            self._queue.append(Entry(item, size, time.monotonic(), future))
            self._queued_bytes += size
            self._outstanding += 1
            self._cv.notify_all()
        return future

    def flush(self, timeout: Optional[float] = None) -> None:
        """Sends everything queued now and waits until all of it is settled. Raises
        ContextLoggerFlushError listing the contexts refused since the last flush."""
        deadline = None if timeout is None else time.monotonic() + timeout
        with self._cv:
            self._flushes += 1
            self._cv.notify_all()
            try:
                while self._outstanding > 0:
                    remaining = None if deadline is None else deadline - time.monotonic()
                    if remaining is not None and remaining <= 0:
                        raise TimeoutError("ctxlog: %d contexts still unsent after %s s" % (self._outstanding, timeout))
                    self._cv.wait(remaining)
            finally:
                self._flushes -= 1
            failed, self._failures = self._failures, []
        if failed:
            raise ContextLoggerFlushError(failed)

    def close(self, timeout: Optional[float] = None) -> None:
        """Refuses further log() calls, flushes, and stops the thread. When `timeout` passes first,
        every context still unsent (queued or in a batch being retried) goes to `on_failure` and the
        log, its future fails with ContextLoggerUnsent, and TimeoutError is raised."""
        with self._cv:
            self._closed = True
            self._cv.notify_all()
        try:
            self.flush(timeout)
        except TimeoutError:
            self._abandon("ctxlog: not sent before close() timed out after %s s" % timeout)
            raise
        finally:
            with self._cv:
                self._stopping = True
                self._cv.notify_all()
            atexit.unregister(self._atexit)

    def __enter__(self) -> "ContextLogger":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def _exit(self) -> None:
        try:
            self.close(self.exit_timeout)
        except (ContextLoggerFlushError, TimeoutError):
            pass  # each context not accepted or unsent went to on_failure and the log already

    def _abandon(self, reason: str) -> None:
        """Settles every unsent context, queued or in flight, as ContextLoggerUnsent: one log line,
        then on_failure for each. The sender drops a batch it finds settled this way."""
        with self._cv:
            unsent = [e for e in list(self._queue) + self._inflight if not e.future.done()]
            self._queue.clear()
            self._queued_bytes = 0
            error = ContextLoggerUnsent(reason)
            for entry in unsent:
                entry.future.set_exception(error)
            self._outstanding -= len(unsent)
            self._cv.notify_all()
        if not unsent:
            return
        log.error("ctxlog: %d context(s) not sent (%s); each went to on_failure", len(unsent), reason)
        for entry in unsent:
            self._call_on_failure(entry.item, error)

    def _report(self, item: Dict[str, Any], error: BaseException) -> None:
        log.error("ctxlog: context for agent %s not accepted: %s", item.get("agent_id"), error)
        self._call_on_failure(item, error)

    def _call_on_failure(self, item: Dict[str, Any], error: BaseException) -> None:
        if self.on_failure is not None:
            try:
                self.on_failure(item, error)
            except Exception:  # noqa: BLE001 - a failing callback must not kill the sender
                log.exception("ctxlog: on_failure raised")

    def _fail(self, entry: Entry, error: BaseException) -> None:
        if not entry.future.done():
            entry.future.set_exception(error)
        self._failures.append((entry.item, error))
        self._report(entry.item, error)

    def _next_batch(self) -> Optional[List[Entry]]:
        with self._cv:
            while True:
                if self._queue:
                    full = len(self._queue) >= self.max_batch_size or self._queued_bytes >= self.max_batch_bytes
                    waited = time.monotonic() - self._queue[0].at
                    if full or self._flushes or self._closed or waited >= self.flush_interval:
                        batch = take_batch(self._queue, self.max_batch_size, self.max_batch_bytes)
                        self._queued_bytes -= sum(e.size for e in batch)
                        return batch
                    self._cv.wait(self.flush_interval - waited)
                elif self._stopping:
                    return None
                else:
                    self._cv.wait()

    def _run(self) -> None:
        while True:
            batch = self._next_batch()
            if batch is None:
                return
            with self._cv:
                self._inflight = batch
            try:
                self._send(batch)
            except BaseException as error:  # noqa: BLE001 - never let the sender die with contexts queued
                with self._cv:
                    live = [e for e in batch if not e.future.done()]
                    for entry in live:
                        self._fail(entry, error)
                    self._outstanding -= len(live)
                    self._cv.notify_all()
            finally:
                with self._cv:
                    self._inflight = []

    def _send(self, batch: List[Entry]) -> None:
        self._batches += 1
        key = "%s-%d" % (self._prefix, self._batches)
        attempt = 0
        while True:
            try:
                records = self._client.contexts.create_many([e.item for e in batch], idempotency_key=key)
                break
            except Exception as error:  # noqa: BLE001
                if is_retryable(error) and (self.max_retries is None or attempt < self.max_retries):
                    log.warning("ctxlog: batch of %d refused for now (%s); retrying", len(batch), error)
                    with self._cv:
                        # close() timing out (or the interpreter's exit) settles the batch: stop then
                        self._cv.wait_for(lambda: self._settled(batch),
                                          retry_delay(error, attempt, self.base_delay, self.max_delay))
                        if self._settled(batch):
                            return
                    attempt += 1
                    continue
                self._refused(batch, error)
                return
        with self._cv:
            live = 0
            for i, entry in enumerate(batch):
                if entry.future.done():
                    continue  # already given up on as unsent (close() timed out meanwhile)
                live += 1
                if i < len(records):
                    entry.future.set_result(records[i])
                else:
                    self._fail(entry, CtxlogError("ctxlog: the batch answer has no record for item %d" % i))
            self._outstanding -= live
            self._cv.notify_all()

    @staticmethod
    def _settled(batch: List[Entry]) -> bool:
        return all(e.future.done() for e in batch)

    def _refused(self, batch: List[Entry], error: BaseException) -> None:
        bad = bad_items(error, len(batch))
        with self._cv:
            if self._settled(batch):
                return
            if bad is None:
                for i, entry in enumerate(batch):
                    self._fail(entry, item_error(error, i))
                self._outstanding -= len(batch)
            else:
                # only some items were refused: the others go back first in line, in a new batch
                # (another body, so another key)
                keep = [e for i, e in enumerate(batch) if i not in bad]
                for i in sorted(bad):
                    self._fail(batch[i], item_error(error, i))
                self._outstanding -= len(bad)
                self._queue.extendleft(reversed(keep))
                self._queued_bytes += sum(e.size for e in keep)
            self._cv.notify_all()
