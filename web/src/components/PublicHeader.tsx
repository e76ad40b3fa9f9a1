import { Anchor, Box, Burger, Button, Container, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { useSession } from '../platform/SessionProvider';
import { Logo } from './Logo';

export interface NavLinkItem {
  label: string;
  /** An in-page anchor ('#features') or a route ('/stories'). */
  href: string;
}

export const DEFAULT_PUBLIC_LINKS: NavLinkItem[] = [
  { label: 'Guides', href: '/guides' },
  { label: 'Stories', href: '/stories' },
  { label: 'How It Works', href: '/how-it-works' },
];

function NavAnchor({ item, onClick }: { item: NavLinkItem; onClick?: () => void }) {
  const common = { c: 'dark.6', fw: 600, fz: 'sm', underline: 'hover' as const, onClick };
  return item.href.startsWith('#') ? (
    <Anchor href={item.href} {...common}>
      {item.label}
    </Anchor>
  ) : (
    <Anchor component={Link} to={item.href} {...common}>
      {item.label}
    </Anchor>
  );
}

const loadMenuDrawer = () => import('./PublicMenuDrawer');
const PublicMenuDrawer = lazy(loadMenuDrawer);

/** The public site's top bar: links, Sign In and Join Beta (or Go to dashboard when signed in). */
export function PublicHeader({ links = DEFAULT_PUBLIC_LINKS }: { links?: NavLinkItem[] }) {
  const { user } = useSession();
  const [opened, { toggle, close }] = useDisclosure(false);
  // The phone menu's code loads when the burger is about to be used, and stays once opened.
  const [menuWanted, setMenuWanted] = useState(false);
  const prepareMenu = () => void loadMenuDrawer();
  const actions = user ? (
    <Button component={Link} to="/dashboard" onClick={close}>
      Go to dashboard
    </Button>
  ) : (
    <>
      <Button component={Link} to="/signin" variant="default" onClick={close}>
        Sign In
      </Button>
      <Button component={Link} to="/signup" color="coral.8" onClick={close}>
        Join Beta
      </Button>
    </>
  );
  return (
    <Box
      component="header"
      pos="sticky"
      top={0}
      style={{
        zIndex: 100,
        backdropFilter: 'blur(10px)',
        background: 'rgba(255,255,255,0.88)',
        borderBottom: '1px solid var(--mantine-color-gray-2)',
      }}
    >
      <Container size="lg" h={64}>
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Logo />
          <Group component="nav" aria-label="Main" gap="lg" visibleFrom="md">
            {links.map((item) => (
              <NavAnchor key={item.href} item={item} />
            ))}
          </Group>
          <Group gap="sm" visibleFrom="md" wrap="nowrap">
            {actions}
          </Group>
          <Burger
            opened={opened}
            onClick={() => {
              setMenuWanted(true);
              toggle();
            }}
            onPointerEnter={prepareMenu}
            onPointerDown={prepareMenu}
            onFocus={prepareMenu}
            hiddenFrom="md"
            aria-label={opened ? 'Close menu' : 'Open menu'}
          />
        </Group>
      </Container>
      {menuWanted && (
        <Suspense fallback={null}>
          <PublicMenuDrawer
            opened={opened}
            onClose={close}
            links={links.map((item) => (
              <NavAnchor key={item.href} item={item} onClick={close} />
            ))}
            actions={actions}
          />
        </Suspense>
      )}
    </Box>
  );
}
