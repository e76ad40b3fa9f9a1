/**
 * /dashboard/admin: the administrators' console. The server decides who is an administrator
 * (every admin field and call refuses anyone else); this screen only mirrors that answer, and
 * each tab loads its own code when it is opened (`?tab=`), its first data started by the route.
 */
import { Alert, Center, Group, Loader, ScrollArea, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Suspense } from 'react';
import { graphql } from 'react-relay';
import { useSearchParams } from 'react-router-dom';
import type { AdminPageQuery } from '../../__generated__/AdminPageQuery.graphql';
import { useRouteQuery } from '../../platform/relay/routeQuery';
import { ADMIN_TABS } from './tabs';
import { TabBoundary } from './kit/TabBoundary';

const Query = graphql`
  query AdminPageQuery {
    viewer {
      id
      isAdmin
    }
  }
`;

/** A spinner with its words, as the console shows while it checks or loads. */
export function AdminWait({ text }: { text: string }) {
  return (
    <Center py="xl">
      <Group gap="sm">
        <Loader size="sm" />
        <Text c="dimmed">{text}</Text>
      </Group>
    </Center>
  );
}

/** What anyone who is not an administrator sees instead of the console: it names the page (h1). */
export function AccessDenied({ what = 'the admin dashboard' }: { what?: string }) {
  return (
    <Alert color="red" icon={<IconLock size={18} />} role="alert">
      <Title order={1} fz="md" mb={4}>
        Access Denied
      </Title>
      <Text size="sm">You don't have permission to access {what}.</Text>
      <Text size="sm">Contact an administrator if you believe this is an error.</Text>
    </Alert>
  );
}

/** Renders `children` for administrators only, 'Verifying admin access...' while it checks (a console route's query). */
export function AdminOnly({ what, children }: { what?: string; children: React.ReactNode }) {
  return (
    <Suspense fallback={<AdminWait text="Verifying admin access..." />}>
      <AdminCheck what={what}>{children}</AdminCheck>
    </Suspense>
  );
}

function AdminCheck({ what, children }: { what?: string; children: React.ReactNode }) {
  // Started by the route's loader (routes.tsx: adminLoader), with the screen's first queries.
  const { viewer } = useRouteQuery<AdminPageQuery>(Query);
  if (!viewer?.isAdmin) return <AccessDenied what={what} />;
  return <>{children}</>;
}

function Console() {
  const [params, setParams] = useSearchParams();
  const current = ADMIN_TABS.find((t) => t.key === params.get('tab')) ?? ADMIN_TABS[0]!;
  return (
    <Stack gap="lg">
      <Title order={1} fz={{ base: 26, sm: 32 }}>
        Admin Dashboard
      </Title>
      <Tabs value={current.key} onChange={(key) => key && setParams((p) => (p.set('tab', key), p), { replace: false })} keepMounted={false} variant="outline">
        <ScrollArea type="auto" offsetScrollbars scrollbarSize={6}>
          <Tabs.List style={{ flexWrap: 'nowrap' }}>
            {ADMIN_TABS.map((t) => (
              <Tabs.Tab key={t.key} value={t.key}>
                {t.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </ScrollArea>
        {ADMIN_TABS.map((t) => (
          <Tabs.Panel key={t.key} value={t.key} pt="md">
            <TabBoundary what={t.data ?? t.label.toLowerCase()}>
              <Suspense fallback={<AdminWait text="Loading admin dashboard..." />}>
                <t.Component />
              </Suspense>
            </TabBoundary>
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

export default function AdminPage() {
  const [params] = useSearchParams();
  // A link to the trips tab is a link to the trip management screen, refused in its own words.
  const what = params.get('tab') === 'trips' ? 'the trip management dashboard' : undefined;
  return (
    <AdminOnly what={what}>
      <Console />
    </AdminOnly>
  );
}
