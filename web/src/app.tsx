import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { lazy, StrictMode, Suspense, useState, type ReactNode } from 'react';
import { SessionProvider } from './platform/SessionProvider';
import { cssVariablesResolver, theme } from './theme';

const AppNotifications = lazy(() => import('./components/AppNotifications'));

/**
 * Notices (platform/notify.ts) are shown by a container whose code loads with the first
 * notice: most page views raise none. The notifications store keeps what was raised meanwhile.
 */
function DeferredNotifications() {
  const { notifications, queue } = useNotifications();
  const [wanted, setWanted] = useState(false);
  if (!wanted && notifications.length + queue.length > 0) setWanted(true);
  return wanted ? (
    <Suspense fallback={null}>
      <AppNotifications />
    </Suspense>
  ) : null;
}

/**
 * The providers around the router: the same in the browser (main.tsx) and when pages are
 * prerendered at build time (prerender.tsx), so the prerendered markup hydrates as it is.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <StrictMode>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        <DeferredNotifications />
        <SessionProvider>{children}</SessionProvider>
      </MantineProvider>
    </StrictMode>
  );
}
