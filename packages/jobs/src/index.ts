export { JOBS, type JobDefinition, type JobName, type JobPayload } from "./catalog";
export { createRedisConnection, type RedisRole } from "./connection";
export { EnqueueError, JobQueues } from "./queues";
