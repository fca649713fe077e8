/**
 * Which of `processes` API processes of one host writes the agent log (user, agent): each log has
 * one writer there, so its head stays in that process's memory and its writes are one statement,
 * instead of two processes taking turns and each finding the other moved the head. FNV-1a (32-bit)
 * over the UTF-16 code units of `user \0 agent`: cheap, stable across processes and restarts, and
 * spread evenly enough for a handful of processes.
 */
export function logOwner(userId: string, agentId: string, processes: number): number {
  if (!Number.isInteger(processes) || processes < 1) {
    throw new RangeError(`processes must be a positive integer, got ${processes}`);
  }
  if (processes === 1) return 0;
  let hash = 0x811c9dc5;
  hash = fnv1a(hash, userId);
  hash = Math.imul(hash, 0x01000193) >>> 0; // the \0 between the two: ("ab","c") ≠ ("a","bc")
  hash = fnv1a(hash, agentId);
  return hash % processes;
}

function fnv1a(seed: number, text: string): number {
  let hash = seed;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}
