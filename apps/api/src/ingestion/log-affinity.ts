import { logOwner } from "@ctxlog/core";
import { logKey } from "@ctxlog/db";
import { BusyLogs } from "./busy-logs";
import type { LogAffinity } from "./context-writer";
import { PeerWriters, peerSocketPath } from "./peer-writes";

/**
 * Contexts per second of one agent log in one process above which the log's owner process writes
 * them. Measured with bench:api on 2 processes: one agent at ~1,200/s per process gains ~35 % by
 * the hand-off; 1,000 agents at ~1/s each lose ~15 % if every context is handed on.
 */
export const LOG_AFFINITY_BUSY_PER_SECOND = 10;

/** This process's place in its cluster, as the primary gave it (CTXLOG_CLUSTER_PLACE). */
export interface ClusterPlace {
  id: string;
  index: number;
  size: number;
}

/**
 * The writer's LogAffinity for one process of a cluster: a busy log's contexts go to the log's
 * owner (core's `logOwner`), the others stay here. `peerSocket` is where this process must serve
 * its own share (servePeerWrites); `close` drops the connections to the peers.
 */
export function createLogAffinity(
  place: ClusterPlace,
  dir: string,
  onHandOff: LogAffinity["onHandOff"],
): { affinity: LogAffinity; peerSocket: string; close: () => void } {
  const peers = new PeerWriters((index) => peerSocketPath(dir, place.id, index));
  const busyLogs = new BusyLogs(LOG_AFFINITY_BUSY_PER_SECOND);
  return {
    affinity: {
      self: place.index,
      writerOf: (row) =>
        busyLogs.count(logKey(row.userId, row.agentId))
          ? logOwner(row.userId, row.agentId, place.size)
          : place.index,
      writeAt: (owner, row) => peers.write(owner, row),
      onHandOff,
    },
    peerSocket: peerSocketPath(dir, place.id, place.index),
    close: () => peers.close(),
  };
}
