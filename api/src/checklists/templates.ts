import type { ChecklistCategoryValue } from './messages.js';

/**
 * Starter checklists the product ships, one per kind of trip. Adding a checklist from one copies
 * its items; the copy is the crew's own from then on. Browser-safe data: the web app lists the
 * same kinds and shows what each holds before it is chosen.
 */
export interface ChecklistTemplate {
  label: string;
  title: string;
  category: ChecklistCategoryValue;
  items: readonly string[];
}

const ESSENTIALS = ['Passport or ID', 'Phone charger', 'Travel insurance details', 'Medications', 'Bank cards and some cash'];

export const CHECKLIST_TEMPLATES = {
  BEACH: {
    label: 'Beach',
    title: 'Beach packing list',
    category: 'PACKING_LIST',
    items: [
      ...ESSENTIALS,
      'Swimsuits',
      'Sunscreen (SPF 30+)',
      'Sunglasses',
      'Sun hat',
      'Beach towel',
      'Flip-flops',
      'After-sun lotion',
      'Reusable water bottle',
    ],
  },
  CITY: {
    label: 'City',
    title: 'City break packing list',
    category: 'PACKING_LIST',
    items: [
      ...ESSENTIALS,
      'Comfortable walking shoes',
      'Day bag',
      'Power bank',
      'Travel adapter',
      'Umbrella',
      'Transit card or app',
      'Museum and show tickets',
    ],
  },
  MOUNTAIN_WINTER: {
    label: 'Mountain or winter',
    title: 'Mountain and winter packing list',
    category: 'PACKING_LIST',
    items: [
      ...ESSENTIALS,
      'Warm base layers',
      'Insulated jacket',
      'Waterproof shell',
      'Gloves',
      'Beanie',
      'Wool socks',
      'Hiking or snow boots',
      'Lip balm and sunscreen',
      'First-aid kit',
    ],
  },
  LONG_HAUL_FLIGHT: {
    label: 'Long-haul flight',
    title: 'Long-haul flight essentials',
    category: 'PACKING_LIST',
    items: [
      ...ESSENTIALS,
      'Boarding passes',
      'Visa or travel authorisation',
      'Neck pillow',
      'Eye mask and earplugs',
      'Noise-cancelling headphones',
      'Compression socks',
      'Change of clothes in carry-on',
      'Empty water bottle',
    ],
  },
  ROAD_TRIP: {
    label: 'Road trip',
    title: 'Road trip checklist',
    category: 'PRE_TRIP',
    items: [
      ...ESSENTIALS,
      'Driving licence',
      'Car insurance and registration',
      'Check tyres, oil and lights',
      'Offline maps downloaded',
      'Car phone mount and charger',
      'Snacks and water',
      'Playlist',
      'Spare tyre and jack',
    ],
  },
} as const satisfies Record<string, ChecklistTemplate>;

export type ChecklistTemplateKind = keyof typeof CHECKLIST_TEMPLATES;
export const CHECKLIST_TEMPLATE_KINDS = Object.keys(CHECKLIST_TEMPLATES) as ChecklistTemplateKind[];
