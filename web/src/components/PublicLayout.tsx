import { Box, Container } from '@mantine/core';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { Loading } from './Loading';
import { PublicFooter } from './PublicFooter';
import { PublicHeader } from './PublicHeader';

/** Shell of the public pages other than the landing and account screens. */
export function PublicLayout() {
  return (
    <Box mih="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
      <a className="tc-skip-link" href="#main">
        Skip to content
      </a>
      <PublicHeader />
      <Container component="main" id="main" size="lg" py={{ base: 'lg', sm: 40 }} w="100%" style={{ flex: 1 }}>
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </Container>
      <PublicFooter />
    </Box>
  );
}
