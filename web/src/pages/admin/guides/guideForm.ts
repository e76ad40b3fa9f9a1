/**
 * The guide editor's values and their conversion to and from what the server stores. Prices are
 * typed in whole units (12.50) and stored in minor units (1250); numbers left empty are sent as
 * null so the server names them ('Latitude is required.') rather than the form guessing a value.
 */
import type { GuideContent, GuidePrice } from '../../../platform/domain';
import type { GuideInput } from './useAdminGuideActions';

type Amount = number | string;
export type FormPrice = { amount: Amount; currency: string };
type Priced<T, K extends keyof T> = Omit<T, K> & { [P in K]: FormPrice };

type Neighborhood = GuideContent['neighborhoods'][number];
type NeighborhoodHotel = Neighborhood['hotels'][number];
type Activities = GuideContent['activities'];

export interface GuideFormContent {
  updatedLabel: string;
  heroImage: string;
  tags: string[];
  quickFacts: GuideContent['quickFacts'];
  neighborhoods: (Omit<Neighborhood, 'hotels'> & { hotels: Priced<NeighborhoodHotel, 'from'>[] })[];
  hotels: Priced<GuideContent['hotels'][number], 'nightly'>[];
  activities: { lists: Activities['lists']; dayTrips: Activities['dayTrips']; cards: Priced<Activities['cards'][number], 'price'>[] };
  whenToGo: GuideContent['whenToGo'];
  flightTo: string;
  itineraries: Priced<GuideContent['itineraries'][number], 'from'>[];
  tips: string[];
  budget: Priced<GuideContent['budget'][number], 'daily'>[];
  latitude: Amount;
  longitude: Amount;
}

export interface GuideFormValues {
  slug: string;
  title: string;
  city: string;
  country: string;
  description: string;
  author: string;
  content: GuideFormContent;
}

/** The heading fields a guide row already has in the list. */
export interface GuideHeading {
  slug: string;
  title: string;
  city: string;
  country: string;
  description?: string | null;
  author?: string | null;
}

export const DEFAULT_CURRENCY = 'EUR';
const monthLabel = () => new Date().toLocaleDateString('en-US', { month: 'long', year: 'numeric' });

const toForm = (p: GuidePrice): FormPrice => ({ amount: p.amount / 100, currency: p.currency });
const toStored = (p: FormPrice) => ({
  amount: p.amount === '' || p.amount === null ? null : Math.round(Number(p.amount) * 100),
  currency: p.currency,
});
const num = (v: Amount) => (v === '' || v === null ? null : Number(v));

export const blankPrice = (): FormPrice => ({ amount: '', currency: DEFAULT_CURRENCY });

export function blankContent(): GuideFormContent {
  return {
    updatedLabel: monthLabel(),
    heroImage: '',
    tags: [],
    quickFacts: { bestTime: '', dailyBudget: '', mustTry: '', hiddenGem: '' },
    neighborhoods: [],
    hotels: [],
    activities: { lists: [], dayTrips: [], cards: [] },
    whenToGo: { peak: '', sweetSpot: '', winter: '' },
    flightTo: '',
    itineraries: [],
    tips: [],
    budget: [],
    latitude: '',
    longitude: '',
  };
}

/** A stored page as form values (a guide without a complete page starts from a blank one). */
export function contentToForm(content: GuideContent | null): GuideFormContent {
  if (!content) return blankContent();
  return {
    ...content,
    heroImage: content.heroImage ?? '',
    neighborhoods: content.neighborhoods.map((n) => ({ ...n, hotels: n.hotels.map((h) => ({ ...h, from: toForm(h.from) })) })),
    hotels: content.hotels.map((h) => ({ ...h, nightly: toForm(h.nightly) })),
    activities: { ...content.activities, cards: content.activities.cards.map((c) => ({ ...c, price: toForm(c.price) })) },
    itineraries: content.itineraries.map((p) => ({ ...p, from: toForm(p.from) })),
    budget: content.budget.map((b) => ({ ...b, daily: toForm(b.daily) })),
  };
}

export function initialValues(heading: GuideHeading | null, content: GuideContent | null): GuideFormValues {
  return {
    slug: heading?.slug ?? '',
    title: heading?.title ?? '',
    city: heading?.city ?? '',
    country: heading?.country ?? '',
    description: heading?.description ?? '',
    author: heading?.author ?? '',
    content: contentToForm(content),
  };
}

/** Form values as the mutation's input: the server checks every field and names those at fault. */
export function toInput(v: GuideFormValues): GuideInput {
  const c = v.content;
  const { heroImage, ...rest } = c;
  return {
    slug: v.slug,
    title: v.title,
    city: v.city,
    country: v.country,
    description: v.description.trim() || null,
    author: v.author.trim() || null,
    content: {
      ...rest,
      ...(heroImage.trim() ? { heroImage: heroImage.trim() } : {}),
      neighborhoods: c.neighborhoods.map((n) => ({ ...n, hotels: n.hotels.map((h) => ({ ...h, from: toStored(h.from) })) })),
      hotels: c.hotels.map((h) => ({ ...h, nightly: toStored(h.nightly) })),
      activities: { ...c.activities, cards: c.activities.cards.map((x) => ({ ...x, price: toStored(x.price) })) },
      itineraries: c.itineraries.map((p) => ({ ...p, from: toStored(p.from) })),
      budget: c.budget.map((b) => ({ ...b, daily: toStored(b.daily) })),
      latitude: num(c.latitude),
      longitude: num(c.longitude),
    },
  };
}

/** "New York" -> "new-york": the address a new guide gets until its editor types another. */
export const slugOf = (city: string) =>
  city
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);

/** Which part of the editor a field error belongs to, so that part can be opened to show it. */
export function sectionOf(field: string): string {
  const [top, key] = field.split('.');
  if (top !== 'content') return 'basics';
  switch (key) {
    case 'quickFacts':
      return 'facts';
    case 'neighborhoods':
    case 'hotels':
      return 'stay';
    case 'activities':
      return 'activities';
    case 'whenToGo':
    case 'flightTo':
      return 'when';
    case 'itineraries':
      return 'plans';
    case 'tips':
    case 'latitude':
    case 'longitude':
      return 'tips';
    case 'budget':
      return 'budget';
    default:
      return 'basics';
  }
}

/** True when `path` ("content.hotels.0.url") names one of the editor's inputs (a leaf of its values). */
export function isFormPath(values: unknown, path: string): boolean {
  let at: unknown = values;
  for (const key of path.split('.')) {
    if (at === null || typeof at !== 'object') return false;
    at = (at as Record<string, unknown>)[key];
  }
  return at !== undefined && (at === null || typeof at !== 'object');
}
