import { IconBed, IconBookmark, IconCompass, IconMovie, IconPlane, IconToolsKitchen2, type Icon } from '@tabler/icons-react';
import type { ReservationType } from '../../__generated__/ReservationCard_reservation.graphql';

/** Each reservation type's label, icon and badge colour: shades dark enough for white text at 4.5:1 or more. */
export const RESERVATION_TYPES: Record<Exclude<ReservationType, '%future added value'>, { label: string; icon: Icon; color: string }> = {
  FLIGHT: { label: 'Flight', icon: IconPlane, color: '#1c4f9c' },
  HOTEL: { label: 'Hotel', icon: IconBed, color: '#5f3dc4' },
  ENTERTAINMENT: { label: 'Entertainment', icon: IconMovie, color: '#a61e4d' },
  ACTIVITY: { label: 'Activity', icon: IconCompass, color: '#087f5b' },
  RESTAURANT: { label: 'Restaurant', icon: IconToolsKitchen2, color: '#a63d00' },
  OTHER: { label: 'Other', icon: IconBookmark, color: '#495057' },
};

export const typeInfo = (type: string) => RESERVATION_TYPES[type as keyof typeof RESERVATION_TYPES] ?? RESERVATION_TYPES.OTHER;
