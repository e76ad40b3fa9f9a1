import { Anchor, Container, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { Logo } from './Logo';
import { useYear } from './useYear';

export function PublicFooter() {
  const year = useYear();
  return (
    <Stack component="footer" bg="dark.8" py={40} mt="auto">
      <Container size="lg" w="100%">
        <Group justify="space-between" align="flex-start" gap="xl">
          <Stack gap={6} maw={320}>
            <Logo inverted />
            <Text c="gray.4" fz="sm">
              Plan trips together, split costs fairly and keep every memory in one place. Free during the beta, no credit card needed.
            </Text>
          </Stack>
          <Group gap="lg" component="nav" aria-label="Footer">
            {[
              ['Guides', '/guides'],
              ['Stories', '/stories'],
              ['How It Works', '/how-it-works'],
              ['Blog', '/blog'],
              ['About', '/about'],
              ['Contact', '/contact'],
              ['Affiliate Disclosure', '/disclosure'],
            ].map(([label, to]) => (
              <Anchor key={to} component={Link} to={to} c="gray.3" fz="sm">
                {label}
              </Anchor>
            ))}
          </Group>
        </Group>
        <Text c="gray.5" fz="xs" mt="xl">
          © {year} Tripcrew. All rights reserved.
        </Text>
      </Container>
    </Stack>
  );
}
