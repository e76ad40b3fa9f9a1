import { useSyncExternalStore } from 'react';

declare const __BUILD_YEAR__: number;

const subscribe = () => () => {};
const now = () => new Date().getFullYear();
// Defined by web/vite.config.ts: the year the pages were prerendered in, the same in both builds.
const buildYear = () => __BUILD_YEAR__;

/**
 * The current year, for copyright lines. A prerendered page carries the year it was built in:
 * hydration starts from that one (so the markup matches) and moves to today's right after.
 */
export function useYear(): number {
  return useSyncExternalStore(subscribe, now, buildYear);
}
