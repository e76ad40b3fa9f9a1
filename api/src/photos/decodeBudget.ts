/**
 * A process-wide budget of pixels being decoded at once. Each decode takes its image's pixel
 * count from the budget before it starts and gives it back when done; one that does not fit
 * waits its turn (first come, first served, so a large picture is not passed over for ever).
 * Memory then follows the pixels in flight, not the number of uploads: six 100-megapixel
 * uploads decode one after another, while many small ones share the budget.
 */
export class PixelBudget {
  private used = 0;
  private readonly queue: { pixels: number; start: () => void }[] = [];
  /** The most pixels ever in flight together (for tests and diagnostics). */
  peak = 0;

  constructor(readonly limit: number) {}

  get inFlight(): number {
    return this.used;
  }

  /** Waits until `pixels` fit (a request over the whole budget waits for it to be empty). */
  private acquire(pixels: number): Promise<void> {
    const want = Math.min(pixels, this.limit);
    if (this.queue.length === 0 && this.used + want <= this.limit) {
      this.take(want);
      return Promise.resolve();
    }
    return new Promise((resolve) => this.queue.push({ pixels: want, start: resolve }));
  }

  private take(pixels: number) {
    this.used += pixels;
    this.peak = Math.max(this.peak, this.used);
  }

  private release(pixels: number) {
    this.used -= Math.min(pixels, this.limit);
    while (this.queue.length && this.used + this.queue[0]!.pixels <= this.limit) {
      const next = this.queue.shift()!;
      this.take(next.pixels);
      next.start();
    }
  }

  /** Runs `work` with `pixels` of the budget held. */
  async run<T>(pixels: number, work: () => Promise<T>): Promise<T> {
    await this.acquire(pixels);
    try {
      return await work();
    } finally {
      this.release(pixels);
    }
  }
}
