import { IconBed, IconBookmark, IconCompass, IconMovie, IconPlane, IconToolsKitchen2, type Icon } from '@tabler/icons-react';
import type { ReservationType } from '../../__generated__/ReservationCard_reservation.graphql';

/** Each reservation type's label, icon and badge colour (dark shades: white text reads at AA). */
export const RESERVATION_TYPES: Record<Exclude<ReservationType, '%future added value'>, { label: string; icon: Icon; color: string }> = {
  FLIGHT: { label: 'Flight', icon: IconPlane, color: 'blue.8' },
  HOTEL: { label: 'Hotel', icon: IconBed, color: 'violet.8' },
  ENTERTAINMENT: { label: 'Entertainment', icon: IconMovie, color: 'pink.8' },
  ACTIVITY: { label: 'Activity', icon: IconCompass, color: 'teal.8' },
  RESTAURANT: { label: 'Restaurant', icon: IconToolsKitchen2, color: 'orange.9' },
  OTHER: { label: 'Other', icon: IconBookmark, color: 'gray.7' },
};

export const typeInfo = (type: string) => RESERVATION_TYPES[type as keyof typeof RESERVATION_TYPES] ?? RESERVATION_TYPES.OTHER;
