export {
  type AuditAgentOptions,
  type AuditAgentResult,
  type AuditBreak,
  type AuditBreakKind,
  type AuditCheck,
  auditAgent,
} from "./audit-agent";
export type { AuditEntry } from "./entry-checks";
export { ndjsonLines } from "./ndjson";
