/** The seven kinds of itinerary item: their names, icons and colours on the timeline and the map. */
import { IconBed, IconBus, IconCalendarEvent, IconDots, IconPlane, IconToolsKitchen2, IconTrekking, type Icon } from '@tabler/icons-react';
import type { ItemType } from './timeline';

export const ITEM_TYPES: readonly ItemType[] = ['ACTIVITY', 'FLIGHT', 'ACCOMMODATION', 'RESTAURANT', 'TRANSPORT', 'EVENT', 'OTHER'];

export const ITEM_TYPE_INFO: Record<ItemType, { label: string; icon: Icon; color: string }> = {
  ACTIVITY: { label: 'Activity', icon: IconTrekking, color: 'lagoon' },
  FLIGHT: { label: 'Flight', icon: IconPlane, color: 'blue' },
  ACCOMMODATION: { label: 'Accommodation', icon: IconBed, color: 'violet' },
  RESTAURANT: { label: 'Restaurant', icon: IconToolsKitchen2, color: 'coral' },
  TRANSPORT: { label: 'Transport', icon: IconBus, color: 'cyan' },
  EVENT: { label: 'Event', icon: IconCalendarEvent, color: 'grape' },
  OTHER: { label: 'Other', icon: IconDots, color: 'gray' },
};
