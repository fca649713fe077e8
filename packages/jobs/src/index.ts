export { JOBS, type JobDefinition, type JobName, type JobPayload } from "./catalog";
export { createRedisConnection, type RedisRole } from "./connection";
export {
  type KeyRevocationSubscription,
  keyRevocationChannel,
  publishKeyRevocation,
  subscribeKeyRevocations,
} from "./key-revocations";
export { EnqueueError, JobQueues } from "./queues";
