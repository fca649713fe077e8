/**
 * Which agent logs this process writes often: more than `threshold` contexts in the current or the
 * previous second. Only a busy log is worth handing to its owner process (LOG_AFFINITY): two
 * processes taking turns on it would each find the head moved on almost every write; a log written
 * now and then almost never conflicts, and handing it over would cost more than the rare retry.
 * Memory holds the logs written in the last two seconds.
 */
export class BusyLogs {
  private current = new Map<string, number>();
  private previous = new Map<string, number>();
  private second: number;

  constructor(
    private readonly threshold: number,
    private readonly now: () => number = Date.now,
  ) {
    this.second = Math.floor(now() / 1000);
  }

  /** Counts one write of `log`; true when the log is busy (this write included). */
  count(log: string): boolean {
    const second = Math.floor(this.now() / 1000);
    if (second !== this.second) {
      // one second on: the current becomes the previous; more than one: both are stale
      this.previous = second === this.second + 1 ? this.current : new Map();
      this.current = new Map();
      this.second = second;
    }
    const n = (this.current.get(log) ?? 0) + 1;
    this.current.set(log, n);
    return n > this.threshold || (this.previous.get(log) ?? 0) > this.threshold;
  }
}
