import { useMemo, type ReactNode } from 'react';
import { RelayEnvironmentProvider } from 'react-relay';
import { useSession } from '../SessionProvider';
import { currentEnvironment } from './environment';

/**
 * Relay for the pages that query data (the dashboard, see routes.tsx). It lives below the
 * router, not at the root, so Relay and graphql-ws load with those pages and never with the
 * public ones. One environment per signed-in user: a different account never sees cached records.
 */
export function RelayBoundary({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const userId = user?.id ?? null;
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const environment = useMemo(() => currentEnvironment(), [userId]);
  return <RelayEnvironmentProvider environment={environment}>{children}</RelayEnvironmentProvider>;
}
