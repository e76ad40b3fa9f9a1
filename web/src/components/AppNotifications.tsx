import { Notifications } from '@mantine/notifications';

/** The notices container (platform/notify.ts), loaded once the page is up: see main.tsx. */
export default function AppNotifications() {
  return <Notifications position="top-right" limit={4} />;
}
