import { Anchor, Box, Center, Container, Group, Paper } from '@mantine/core';
import { Suspense } from 'react';
import { Link, Outlet } from 'react-router-dom';
import { Loading } from './Loading';
import { Logo } from './Logo';
import { useYear } from './useYear';

/** Shell of the account screens: brand backdrop, centred card. */
export function AuthLayout() {
  const year = useYear();
  return (
    <Box mih="100dvh" style={{ background: 'var(--tc-gradient)' }} py={{ base: 'md', sm: 40 }}>
      <Container size={560} px={{ base: 'sm', sm: 'md' }}>
        <Group justify="space-between" mb="lg">
          <Logo inverted />
          <Anchor component={Link} to="/" c="white" fz="sm" fw={600}>
            Back to home
          </Anchor>
        </Group>
        <Paper component="main" id="main" shadow="xl" p={{ base: 'lg', sm: 36 }} radius="lg">
          <Suspense fallback={<Loading />}>
            <Outlet />
          </Suspense>
        </Paper>
        <Center mt="md">
          <Box c="white" fz="xs" opacity={0.85}>
            © {year} Tripcrew · Free during the beta · No credit card needed
          </Box>
        </Center>
      </Container>
    </Box>
  );
}
