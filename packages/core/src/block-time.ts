/**
 * Average block time from the moments a poller first saw each new head. Each sighting is late by
 * up to one polling interval, so the average is taken over the span of the window (≥ `minBlocks`
 * blocks) rather than between consecutive sightings, which would swing with every late poll.
 */
export class BlockTimeEstimator {
  private samples: { head: bigint; at: number }[] = [];

  constructor(
    private readonly windowMs = 120_000,
    private readonly minBlocks = 5,
  ) {}

  observe(head: bigint, at: number): void {
    const last = this.samples[this.samples.length - 1];
    if (last && head === last.head) return;
    if (last && head < last.head) this.samples = []; // a reorg or a reset node: start over
    this.samples.push({ head, at });
    while (this.samples.length > 2 && at - (this.samples[0]?.at ?? at) > this.windowMs) this.samples.shift();
  }

  /** Milliseconds per block, or undefined until the window spans `minBlocks` blocks. */
  estimateMs(): number | undefined {
    const first = this.samples[0];
    const last = this.samples[this.samples.length - 1];
    if (!first || !last) return undefined;
    const blocks = Number(last.head - first.head);
    if (blocks < this.minBlocks) return undefined;
    return (last.at - first.at) / blocks;
  }
}
