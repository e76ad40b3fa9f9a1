import { Box } from '@mantine/core';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router-dom';
import { usePageAnalytics } from '../platform/analytics';
import { useRouteTitle } from '../platform/documentTitle';

/** Root of every route: a slim progress bar while the next page's code or data loads; page analytics; the document title. */
export function RootLayout() {
  const navigation = useNavigation();
  usePageAnalytics();
  useRouteTitle();
  return (
    <>
      {navigation.state !== 'idle' && (
        <Box
          role="progressbar"
          aria-label="Loading page"
          pos="fixed"
          top={0}
          left={0}
          right={0}
          h={3}
          style={{ zIndex: 1000, background: 'var(--tc-gradient)' }}
        />
      )}
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
