import { Queue } from "bullmq";
import { JOBS, type JobName, type JobPayload } from "./catalog";
import type { RedisClient } from "./connection";
import { queuePrefix } from "./keyspace";

export class EnqueueError extends Error {
  override readonly name = "EnqueueError";
}

/** Typed producers for every queue in the catalog, sharing one connection. */
export class JobQueues {
  private readonly queues = new Map<string, Queue>();

  constructor(
    private readonly connection: RedisClient,
    private readonly prefix: string,
    private readonly enqueueTimeoutMs = 2_000,
  ) {}

  queue(name: JobName): Queue {
    const def = JOBS[name];
    const existing = this.queues.get(def.queue);
    if (existing) return existing;
    const queue = new Queue(def.queue, {
      connection: this.connection,
      prefix: queuePrefix(this.connection, this.prefix, def.queue),
      skipWaitingForReady: true,
    });
    // Errors surface through enqueue's rejection; this only keeps them from crashing the process.
    queue.on("error", () => {});
    this.queues.set(def.queue, queue);
    // BullMQ checks the server (INFO) once, when a Queue is made, and keeps that check's failure
    // for good: a Queue made while Redis did not answer rejects every later call with it, long
    // after Redis is back. Such a Queue is dropped, so the next call makes a new one.
    queue.waitUntilReady().catch(() => this.drop(def.queue, queue));
    return queue;
  }

  private drop(key: string, queue: Queue) {
    if (this.queues.get(key) === queue) this.queues.delete(key);
    // Releases its listeners on the shared connection; the connection itself stays open.
    queue.close().catch(() => {});
  }

  /**
   * Adds a job whose id is the row id, so a second enqueue of the same row while the job exists is
   * a no-op. Rejects with EnqueueError when Redis does not answer in time.
   */
  async enqueue<N extends JobName>(name: N, payload: JobPayload<N>, opts: { jobId: string; delay?: number }) {
    await this.enqueueMany(name, [{ payload, jobId: opts.jobId, delay: opts.delay }]);
  }

  /** Adds many jobs of one kind in one round-trip; the same guarantees as `enqueue`. */
  async enqueueMany<N extends JobName>(
    name: N,
    jobs: { payload: JobPayload<N>; jobId: string; delay?: number }[],
  ): Promise<void> {
    if (jobs.length === 0) return;
    const def = JOBS[name];
    const add = this.queue(name).addBulk(
      jobs.map((job) => ({
        name,
        data: def.payload.parse(job.payload),
        opts: {
          jobId: job.jobId,
          delay: job.delay,
          attempts: def.attempts,
          backoff: def.backoff,
          removeOnComplete: true,
          removeOnFail: true,
        },
      })),
    );
    await this.inTime(`enqueue ${name}`, add);
  }

  /**
   * Makes the job `jobId` due now: a job waiting in the delayed set (a retry's backoff) is promoted,
   * a missing one is added; a job already waiting or running is left as it is. Rejects with
   * EnqueueError when Redis does not answer in time.
   */
  async enqueueNow<N extends JobName>(name: N, payload: JobPayload<N>, jobId: string): Promise<void> {
    const queue = this.queue(name);
    const promote = async () => {
      const job = await queue.getJob(jobId);
      if (!job) return this.enqueue(name, payload, { jobId });
      // it may move between the two calls (a worker promotes it, takes it): then it is due anyway
      if (await job.isDelayed()) await job.promote().catch(() => {});
    };
    await this.inTime(`enqueue ${name} now`, promote());
  }

  private async inTime(what: string, work: Promise<unknown>): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new EnqueueError(`${what} timed out`)), this.enqueueTimeoutMs);
    });
    try {
      await Promise.race([work, timeout]);
    } catch (cause) {
      if (cause instanceof EnqueueError) throw cause;
      throw new EnqueueError(`${what} failed`, { cause });
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    await Promise.all([...this.queues.values()].map((q) => q.close()));
  }
}
