/** How each kind of notification looks under the bell, and where opening it leads. */
import {
  IconBell,
  IconMailForward,
  IconTicket,
  IconPlane,
  IconReceipt2,
  IconSparkles,
  IconSpeakerphone,
  IconTool,
  IconUserCheck,
  IconUserPlus,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import type { NotificationType } from '../../__generated__/NotificationBell_viewer.graphql';

interface Look {
  icon: ComponentType<{ size?: number }>;
  color: string;
  /** A short word for the kind, read after the title (so the icon is not the only cue). */
  label: string;
}

const LOOKS: Record<NotificationType, Look> = {
  TRIP_INVITE: { icon: IconMailForward, color: 'lagoon', label: 'Trip invitation' },
  TRIP_INVITE_WITH_FRIEND_REQUEST: { icon: IconMailForward, color: 'lagoon', label: 'Trip invitation' },
  TRIP_UPDATE: { icon: IconPlane, color: 'indigo', label: 'Trip' },
  FRIEND_REQUEST: { icon: IconUserPlus, color: 'grape', label: 'Friend request' },
  FRIEND_REQUEST_ACCEPTED: { icon: IconUserCheck, color: 'teal', label: 'Friends' },
  EXPENSE_SPLIT: { icon: IconReceipt2, color: 'coral', label: 'Expense' },
  ANNOUNCEMENT: { icon: IconSpeakerphone, color: 'blue', label: 'Announcement' },
  FEATURE: { icon: IconSparkles, color: 'violet', label: 'New feature' },
  UPDATE: { icon: IconBell, color: 'gray', label: 'Update' },
  MAINTENANCE: { icon: IconTool, color: 'gray', label: 'Maintenance' },
  RESERVATION_RECEIVED: { icon: IconTicket, color: 'teal', label: 'Reservation' },
};

export function notificationLook(type: NotificationType | null | undefined): Look {
  return (type && LOOKS[type]) || { icon: IconBell, color: 'gray', label: 'Notification' };
}

/**
 * Where opening a notification goes: its own same-site link, except that friend requests open
 * the friends page on its requests tab and trip invitations without a link go to the dashboard,
 * where the invitations box answers them.
 */
export function notificationLink(type: NotificationType | null | undefined, actionUrl: string | null | undefined): string | null {
  const own = actionUrl && actionUrl.startsWith('/') && !actionUrl.startsWith('//') ? actionUrl : null;
  if (type === 'FRIEND_REQUEST' && (!own || own === '/dashboard/friends')) return '/dashboard/friends?tab=requests';
  if ((type === 'TRIP_INVITE' || type === 'TRIP_INVITE_WITH_FRIEND_REQUEST') && !own) return '/dashboard';
  return own;
}
