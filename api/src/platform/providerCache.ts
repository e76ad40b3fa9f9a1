import type { AppDeps } from './context.js';

export interface ProviderCacheOptions {
  /** How long an answer is kept. */
  ttlMs: number;
  /** How long a failed lookup's answer is kept before the provider is asked again. */
  failureTtlMs: number;
  /** Keys remembered at once; the least recently used goes first. */
  maxEntries: number;
}

interface Entry<T> {
  value: Promise<T>;
  expires: number;
}

/**
 * Answers of a third-party provider (exchange rates, places near a trip) kept per key, the key
 * being everything the answer depends on. Concurrent lookups of one key share one call, and a
 * lookup's entry stays until it settles (the lookup has deadlines of its own).
 */
export class ProviderCache<T> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(private readonly options: ProviderCacheOptions) {}

  /** The kept answer (or the lookup under way), or null when the provider must be asked. */
  get(key: string): Promise<T> | null {
    const hit = this.entries.get(key);
    if (!hit) return null;
    if (hit.expires <= Date.now()) {
      this.entries.delete(key);
      return null;
    }
    // Least recently used goes first: a hit moves to the end.
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit.value;
  }

  /** The kept answer, else `load`'s, kept for next time; `failed` tells an answer kept only briefly. */
  getOrLoad(key: string, load: () => Promise<T>, failed: (value: T) => boolean): Promise<T> {
    const hit = this.get(key);
    if (hit) return hit;
    const entry: Entry<T> = { value: Promise.resolve(undefined as T), expires: Infinity };
    entry.value = load().then(
      (value) => {
        entry.expires = Date.now() + (failed(value) ? this.options.failureTtlMs : this.options.ttlMs);
        return value;
      },
      (err: unknown) => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
        throw err;
      },
    );
    this.entries.set(key, entry);
    while (this.entries.size > this.options.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return entry.value;
  }
}

/**
 * One cache per running app and purpose (tests run several apps in one process, each with its
 * own providers): `cacheOf(deps)` returns this app's.
 */
export function perApp<T>(options: ProviderCacheOptions): { cacheOf(deps: AppDeps): ProviderCache<T>; clear(deps: AppDeps): void } {
  const caches = new WeakMap<AppDeps, ProviderCache<T>>();
  return {
    cacheOf(deps) {
      let cache = caches.get(deps);
      if (!cache) caches.set(deps, (cache = new ProviderCache<T>(options)));
      return cache;
    },
    clear: (deps) => void caches.delete(deps),
  };
}
