/**
 * The signed-in shell for /dashboard/*: top bar (home, bell, Feedback, Settings, Sign Out),
 * side navigation (Admin only for administrators), a burger menu on phones.
 * The route's loader already sent signed-out visitors to /signin (see routes.tsx).
 */
import { OfflineStatus } from '../../platform/offline/OfflineStatus';
import { useConfirmedSignOut } from '../../platform/offline/SignOutConfirm';
import { ActionIcon, AppShell, Box, Burger, Button, Group, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconCamera,
  IconChecklist,
  IconCompass,
  IconCreditCard,
  IconHome,
  IconLayoutDashboard,
  IconLogout,
  IconMap2,
  IconMessage2,
  IconPlane,
  IconReceipt2,
  IconSettings,
  IconShieldLock,
  IconTicket,
  IconUsers,
} from '@tabler/icons-react';
import { Suspense, useEffect, useState, type ComponentType } from 'react';
import { graphql } from 'react-relay';
import { Link, Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import type { DashboardLayoutQuery } from '../../__generated__/DashboardLayoutQuery.graphql';
import { Loading } from '../../components/Loading';
import { Logo } from '../../components/Logo';
import { useRouteQuery } from '../../platform/relay/routeQuery';
import { useViewerLive } from '../../platform/live';
import { useSession } from '../../platform/SessionProvider';
import { NotificationBell } from '../notifications/NotificationBell';

const DashboardLayoutQueryNode = graphql`
  query DashboardLayoutQuery {
    viewer {
      id
      displayName
      email
      isAdmin
      ...NotificationBell_viewer
    }
  }
`;

interface NavItem {
  label: string;
  to: string;
  icon: ComponentType<{ size?: number; stroke?: number }>;
  end?: boolean;
}

const NAV: NavItem[] = [
  { label: 'Dashboard', to: '/dashboard', icon: IconLayoutDashboard, end: true },
  { label: 'Trips', to: '/dashboard/trips', icon: IconPlane },
  { label: 'Reservations', to: '/dashboard/reservations', icon: IconTicket },
  { label: 'Expenses', to: '/dashboard/expenses', icon: IconReceipt2 },
  { label: 'Checklist', to: '/dashboard/checklist', icon: IconChecklist },
  { label: 'Explore', to: '/dashboard/explore', icon: IconCompass },
  { label: 'Friends', to: '/dashboard/friends', icon: IconUsers },
  { label: 'Photos', to: '/dashboard/photos', icon: IconCamera },
  { label: 'Mapped', to: '/dashboard/mapped', icon: IconMap2 },
  { label: 'Rewards', to: '/dashboard/rewards', icon: IconCreditCard },
];
const ADMIN: NavItem = { label: 'Admin', to: '/dashboard/admin', icon: IconShieldLock };

function isActive(pathname: string, item: NavItem) {
  return item.end ? pathname === item.to || pathname === `${item.to}/` : pathname === item.to || pathname.startsWith(`${item.to}/`);
}

/**
 * Session gate around the shell. Signing out first unmounts the shell (whose queries belong to
 * the signed-in user's Relay environment), then ends the session and goes home.
 */
export default function DashboardLayout() {
  const { user, signOut } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);

  useEffect(() => {
    if (!signingOut) return;
    void navigate('/', { replace: true });
    void signOut();
  }, [signingOut, navigate, signOut]);

  if (signingOut) return <Loading fullPage />;
  if (!user) return <Navigate to={`/signin?next=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  return <DashboardShell onSignOut={() => setSigningOut(true)} />;
}

/** What the shell offers the page inside it (react-router's `useOutletContext`). */
export interface DashboardOutlet {
  /** Leaves the dashboard for the home page, then ends the session, as Sign Out does (after deleting the account). */
  signOut: () => void;
}

function DashboardShell({ onSignOut: signOutNow }: { onSignOut: () => void }) {
  const { user, signOut } = useSession();
  // Changes still waiting for the network are lost on signing out: asked first.
  const [onSignOut, signOutQuestion] = useConfirmedSignOut(signOutNow);
  const data = useRouteQuery<DashboardLayoutQuery>(DashboardLayoutQueryNode);
  useViewerLive(); // the viewer's live channel: counts in the store, refetch events for screens
  const location = useLocation();
  const [opened, { toggle, close }] = useDisclosure(false);

  // Close the phone menu after each navigation.
  useEffect(() => close(), [location.pathname, close]);

  const viewer = data.viewer;
  // The server does not know this session any more (the network layer already tried one
  // refresh): end it; the gate above then sends the visitor to /signin.
  useEffect(() => {
    if (!viewer && user) void signOut();
  }, [viewer, user, signOut]);
  if (!viewer) return <Loading fullPage />;

  const items = viewer.isAdmin ? [...NAV, ADMIN] : NAV;

  return (
    <AppShell header={{ height: 64 }} navbar={{ width: 248, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding={{ base: 'md', sm: 'xl' }} bg="gray.0">
      {signOutQuestion}
      <AppShell.Header withBorder>
        <Group h="100%" px={{ base: 'sm', sm: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={opened ? 'Close navigation' : 'Open navigation'} />
            <Logo to="/" compact />
          </Group>
          <Group gap={4} wrap="nowrap">
            <span className="tc-hint" data-hint="Home">
              <ActionIcon component={Link} to="/" variant="subtle" color="gray.8" c="gray.8" size="lg" aria-label="Home">
                <IconHome size={22} />
              </ActionIcon>
            </span>
            <NotificationBell viewer={viewer} />
            <Button
              component={Link}
              to="/dashboard/feedback"
              variant="subtle"
              color="gray.8"
              c="gray.8"
              leftSection={<IconMessage2 size={18} />}
              visibleFrom="md"
            >
              Feedback
            </Button>
            <ActionIcon component={Link} to="/dashboard/feedback" variant="subtle" color="gray.8" c="gray.8" size="lg" aria-label="Feedback" hiddenFrom="md">
              <IconMessage2 size={22} />
            </ActionIcon>
            <Button
              component={Link}
              to="/dashboard/settings"
              variant="subtle"
              color="gray.8"
              c="gray.8"
              leftSection={<IconSettings size={18} />}
              visibleFrom="md"
            >
              Settings
            </Button>
            <ActionIcon component={Link} to="/dashboard/settings" variant="subtle" color="gray.8" c="gray.8" size="lg" aria-label="Settings" hiddenFrom="md">
              <IconSettings size={22} />
            </ActionIcon>
            <Button variant="default" leftSection={<IconLogout size={18} />} onClick={onSignOut} visibleFrom="md">
              Sign Out
            </Button>
            <ActionIcon variant="default" size="lg" aria-label="Sign Out" onClick={onSignOut} hiddenFrom="md">
              <IconLogout size={20} />
            </ActionIcon>
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm" aria-label="Dashboard">
        <AppShell.Section grow component={ScrollArea}>
          <Stack gap={2} component="nav" aria-label="Dashboard navigation">
            {items.map((item) => {
              const Icon = item.icon;
              const active = isActive(location.pathname, item);
              return (
                <NavLink
                  key={item.to}
                  component={Link}
                  to={item.to}
                  label={item.label}
                  leftSection={<Icon size={20} stroke={1.7} />}
                  active={active}
                  aria-current={active ? 'page' : undefined}
                  variant="light"
                  fw={600}
                  style={{ borderRadius: 'var(--mantine-radius-md)' }}
                />
              );
            })}
          </Stack>
        </AppShell.Section>
        <AppShell.Section>
          <Box px="sm" py="xs" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
            <Text fz="sm" fw={650} truncate>
              {viewer.displayName}
            </Text>
            {viewer.email && (
              <Text fz="xs" c="dimmed" truncate>
                {viewer.email}
              </Text>
            )}
          </Box>
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main>
        <Box id="main" maw={1200} mx="auto">
          <OfflineStatus />
          <Suspense fallback={<Loading />}>
            <Outlet context={{ signOut: signOutNow } satisfies DashboardOutlet} />
          </Suspense>
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}
