/**
 * Bytes of inbound mail held in memory at once, across every message being received or read:
 * a chunk is kept only while the budget has room for it, and given back once its message is
 * done, so any number of large messages arriving together cannot grow memory past the bound.
 */
export class ByteBudget {
  private used = 0;
  constructor(readonly limit: number) {}

  /** Reserves `n` bytes; false (and nothing reserved) when that would pass the limit. */
  take(n: number): boolean {
    if (this.used + n > this.limit) return false;
    this.used += n;
    return true;
  }

  release(n: number): void {
    this.used = Math.max(0, this.used - n);
  }

  get inUse(): number {
    return this.used;
  }
}
