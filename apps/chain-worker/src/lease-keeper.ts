import { acquireSignerLease, type PrismaClient, releaseSignerLease, type SignerLease } from "@ctxlog/db";
import type { Logger } from "pino";

/**
 * Keeps this process's claim on the signer's lease fresh. Only the holder sends; everyone can
 * follow confirmations. `current()` answers null well before the lease could expire, so a holder
 * that cannot renew (PostgreSQL unreachable, process paused) stops sending before anyone takes over,
 * and the epoch check in every nonce-assigning write catches the rest.
 */
export class LeaseKeeper {
  private lease: SignerLease | null = null;
  private validUntil = 0;
  private timer: NodeJS.Timeout | undefined;
  private renewing: Promise<void> | undefined;

  constructor(
    private readonly db: PrismaClient,
    private readonly signerAddress: string,
    readonly holder: string,
    private readonly ttlMs: number,
    private readonly logger: Logger,
    /** called whenever holding changes: true when acquired, false when lost or released */
    private readonly onChange: (held: boolean) => void = () => {},
  ) {}

  current(): SignerLease | null {
    return this.lease && Date.now() < this.validUntil ? this.lease : null;
  }

  start(): void {
    void this.renew();
    this.timer = setInterval(() => void this.renew(), Math.max(100, Math.floor(this.ttlMs / 3)));
  }

  renew(): Promise<void> {
    this.renewing ??= (async () => {
      const askedAt = Date.now();
      try {
        const lease = await acquireSignerLease(this.db, this.signerAddress, this.holder, this.ttlMs);
        const gained = lease !== null && (this.lease === null || this.lease.epoch !== lease.epoch);
        if (this.lease && !lease) {
          this.logger.warn({ signer: this.signerAddress }, "signer lease lost");
          this.onChange(false);
        }
        this.lease = lease;
        // measured from before the request: the database's clock started the TTL no earlier
        this.validUntil = lease ? askedAt + Math.floor((this.ttlMs * 2) / 3) : 0;
        if (gained) {
          this.logger.info(
            { signer: this.signerAddress, epoch: String(lease?.epoch) },
            "signer lease acquired",
          );
          this.onChange(true);
        }
      } catch (err) {
        this.logger.warn({ err }, "signer lease renewal failed");
      } finally {
        this.renewing = undefined;
      }
    })();
    return this.renewing;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.renewing;
    const lease = this.lease;
    this.lease = null;
    if (lease) {
      this.onChange(false);
      await releaseSignerLease(this.db, lease).catch(() => {});
    }
  }
}
