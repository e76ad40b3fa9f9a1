import { Notifications } from '@mantine/notifications';

/**
 * The notices container (platform/notify.ts), loaded once the page is up: see main.tsx. At the
 * bottom, where no page keeps its navigation (the top bars' links stay uncovered).
 */
export default function AppNotifications() {
  return <Notifications position="bottom-right" limit={4} />;
}
