import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { RelayBoundary } from '../../platform/relay/RelayBoundary';

/**
 * Data of a public page: rendered in the browser only, inside Relay's environment. The page
 * around it is prerendered (its heading arrives with the document); the prerendered markup and
 * the browser's first render both show `fallback`, so hydration matches, then the data loads.
 */
export function ClientData({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!mounted) return <>{fallback}</>;
  return (
    <RelayBoundary>
      <Suspense fallback={fallback}>{children}</Suspense>
    </RelayBoundary>
  );
}
