// A monitor of a C2SP transparency log (issue 43): reading its checkpoint and tiles over HTTP,
// and following it, proving each checkpoint consistent with the last.
export {
  checkLog,
  type LogCheck,
  type LogIdentity,
  openLogCheckpoint,
  type SeenCheckpoint,
} from "./check-log";
export { type FollowLogOptions, followLog, logIdentity, type MonitorRound } from "./follow-log";
export { type MonitorState, MonitorStateError, readMonitorState, writeMonitorState } from "./monitor-state";
export {
  fetchCheckpoint,
  fetchEntryBundle,
  fetchTile,
  fetchTiles,
  type LogReaderOptions,
  LogUnreadableError,
} from "./read-log";
