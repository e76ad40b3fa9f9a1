import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { hasEmbeddedRecords } from '../../platform/relay/environment';
import { RelayBoundary } from '../../platform/relay/RelayBoundary';

/**
 * Data of a public page, inside Relay's environment. When the server rendered the page with its
 * data (api/src/server/livePages.ts), the records came with the document: the data shows in the
 * first paint and the browser's first render is the server's markup, so it hydrates as it is.
 * Without them (the build's prerendered copy, or a fallback), the server's markup and the
 * browser's first render both show `fallback`, and the data loads once mounted.
 */
export function ClientData({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const [mounted, setMounted] = useState(hasEmbeddedRecords);
  useEffect(() => setMounted(true), []);
  if (!mounted) return <>{fallback}</>;
  return (
    <RelayBoundary>
      <Suspense fallback={fallback}>{children}</Suspense>
    </RelayBoundary>
  );
}
