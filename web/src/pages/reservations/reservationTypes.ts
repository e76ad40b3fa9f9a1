import {
  IconBed,
  IconBookmark,
  IconBus,
  IconCar,
  IconCompass,
  IconMovie,
  IconPlane,
  IconShip,
  IconToolsKitchen2,
  IconTrain,
  type Icon,
} from '@tabler/icons-react';
import type { ReservationType } from '../../__generated__/ReservationCard_reservation.graphql';

/** Each reservation type's label, icon and badge colour: shades dark enough for white text at 4.5:1 or more. */
export const RESERVATION_TYPES: Record<Exclude<ReservationType, '%future added value'>, { label: string; icon: Icon; color: string }> = {
  FLIGHT: { label: 'Flight', icon: IconPlane, color: '#1c4f9c' },
  HOTEL: { label: 'Hotel', icon: IconBed, color: '#5f3dc4' },
  ENTERTAINMENT: { label: 'Entertainment', icon: IconMovie, color: '#a61e4d' },
  ACTIVITY: { label: 'Activity', icon: IconCompass, color: '#087f5b' },
  RESTAURANT: { label: 'Restaurant', icon: IconToolsKitchen2, color: '#a63d00' },
  TRAIN: { label: 'Train', icon: IconTrain, color: '#0b5c7a' },
  BUS: { label: 'Bus', icon: IconBus, color: '#5c5f00' },
  FERRY: { label: 'Ferry', icon: IconShip, color: '#1f5f8b' },
  CAR_RENTAL: { label: 'Car rental', icon: IconCar, color: '#7a3e00' },
  OTHER: { label: 'Other', icon: IconBookmark, color: '#495057' },
};

/** How the review notice names each field the reader was unsure of. */
export const REVIEW_FIELD_LABELS: Record<string, string> = {
  type: 'type',
  title: 'title',
  date: 'date',
  time: 'time',
  endDate: 'end',
  location: 'place',
  route: 'route',
};

export const typeInfo = (type: string) => RESERVATION_TYPES[type as keyof typeof RESERVATION_TYPES] ?? RESERVATION_TYPES.OTHER;
