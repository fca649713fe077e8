export {
  ANCHOR_JOB_MAX_CONTEXTS,
  anchorJobsFor,
  deliveryJobsFor,
  JOBS,
  type JobDefinition,
  type JobName,
  type JobPayload,
} from "./catalog";
export {
  createRedisConnection,
  DEFAULT_PRODUCER_COMMAND_TIMEOUT_MS,
  isCluster,
  type RedisClient,
  type RedisRole,
} from "./connection";
export {
  type KeyRevocationSubscription,
  keyRevocationChannel,
  publishKeyRevocation,
  subscribeKeyRevocations,
} from "./key-revocations";
export { queuePrefix, slotTag } from "./keyspace";
export { type QueueStats, readQueueStats, WATCHED_JOB_STATES, type WatchedJobState } from "./queue-stats";
export { EnqueueError, JobQueues } from "./queues";
