/**
 * Runs `tick` again and again, `intervalMs` apart, or sooner when woken; never two at once. A tick
 * that throws is reported and the loop goes on: workers outlive every transient failure. A run of
 * failures is reported once when it starts, then at most every 10 s, so an outage does not flood
 * the logs at the polling rate.
 */
export class Loop {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = true;
  private failures = 0;
  private lastReport = 0;

  constructor(
    private readonly tick: () => Promise<void>,
    private readonly intervalMs: number,
    private readonly onError: (err: unknown, consecutive: number) => void,
    private readonly onRecovered: (failures: number) => void = () => {},
  ) {}

  start(): void {
    this.stopped = false;
    this.wake();
  }

  /** Runs a tick as soon as the current one (if any) ends. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.running = this.tick()
      .then(
        () => {
          if (this.failures > 0) this.onRecovered(this.failures);
          this.failures = 0;
        },
        (err: unknown) => {
          this.failures++;
          if (this.failures === 1 || Date.now() - this.lastReport >= 10_000) {
            this.lastReport = Date.now();
            this.onError(err, this.failures);
          }
        },
      )
      .finally(() => {
        this.running = undefined;
        if (this.stopped) return;
        if (this.again) {
          this.again = false;
          setImmediate(() => this.wake());
        } else {
          this.timer = setTimeout(() => this.wake(), this.intervalMs);
        }
      });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }
}
