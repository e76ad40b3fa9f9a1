import { z } from 'zod';
import { TRIP_CURRENCIES } from '../trips/messages.js';
import { GUIDE_LIMITS as L, GUIDE_TIERS, HERO_IMAGE_ON_TRIPCREW, isProductImagePath } from './messages.js';

/**
 * The shape of a stored guide's page (Guide.content). Written by the seed migration and by the
 * administrators' editor, read by the guide page; every write passes through `GuideContentSchema`
 * so the page never meets a field it cannot show. Prices are integer minor units with their
 * currency, like every amount in the product.
 */
// Every message names its field the way the editor labels it, so a refusal read on its own
// ('Failed to update guide: Quick facts: best time is required.') still says what to fix.
const text = (label: string, max: number) =>
  z.string(`${label} is required.`).trim().min(1, `${label} is required.`).max(max, `${label}: at most ${max} characters.`);
const list = <T extends z.ZodType>(label: string, item: T, max: number) => z.array(item, `${label} must be a list.`).max(max, `${label}: at most ${max}.`);
const url = (label: string) =>
  z
    .string(`${label} is required.`)
    .trim()
    .max(2000, `${label}: at most 2000 characters.`)
    .refine((v) => v.startsWith('/') || /^https?:\/\//i.test(v), `${label} must be a path or an http(s) address.`);
const price = (label: string) =>
  z.object(
    {
      amount: z
        .number(`${label}: enter an amount.`)
        .int(`${label}: whole cents only.`)
        .min(0, `${label} cannot be negative.`)
        .max(100_000_000, `${label} is too large.`),
      currency: z.enum(TRIP_CURRENCIES, `${label}: choose a currency.`),
    },
    `${label} is required.`,
  );

export const GuidePriceSchema = price('Price');

const Hotel = z.object({
  name: text('Hotel name', 120),
  tier: z.enum(GUIDE_TIERS, 'Choose a tier.'),
  from: price('Price from'),
  partner: text('Partner', 60),
  url: url('Link'),
});

export const GuideContentSchema = z.object(
  {
    /** The 'Last updated' badge (a month and year an editor vouches for, not the row's timestamp). */
    updatedLabel: text('Last updated', 40),
    /** The hero picture; absent means the product's own /guide-images/{slug}.jpg. */
    // A picture the product serves itself (an upload, or a file of the web app), never someone
    // else's address: readers' browsers never fetch from a third party, and a shared guide keeps
    // its picture. Placed inside CSS url(...) by the page: no spaces, quotes, parentheses or backslashes.
    heroImage: z
      .string('Hero image is required.')
      .trim()
      .max(2000, 'Hero image: at most 2000 characters.')
      .refine(isProductImagePath, HERO_IMAGE_ON_TRIPCREW)
      .refine((v) => !/[\s"'()\\]/.test(v), 'Hero image: an address without spaces, quotes or brackets.')
      .optional(),
    tags: list('Tags', text('Tag', 40), L.tags),
    quickFacts: z.object(
      {
        bestTime: text('Best time', 200),
        dailyBudget: text('Daily budget', 200),
        mustTry: text('Must-try', 200),
        hiddenGem: text('Hidden gem', 300),
      },
      'Quick facts are required.',
    ),
    neighborhoods: list(
      'Neighbourhoods',
      z.object({
        name: text('Neighbourhood name', 80),
        summary: text('Neighbourhood summary', 500),
        details: list('Details', text('Detail', 300), L.neighborhoodDetails),
        hotels: list('Neighbourhood hotels', Hotel, L.neighborhoodHotels),
        /** Where its pin goes on the guide's map; a neighbourhood without them is left off the map. */
        latitude: z.number('Latitude must be a number.').min(-90, 'Latitude is between -90 and 90.').max(90, 'Latitude is between -90 and 90.').optional(),
        longitude: z
          .number('Longitude must be a number.')
          .min(-180, 'Longitude is between -180 and 180.')
          .max(180, 'Longitude is between -180 and 180.')
          .optional(),
      }),
      L.neighborhoods,
    ),
    hotels: list(
      'Hotels',
      z.object({
        name: text('Hotel name', 120),
        area: text('Area', 80),
        nightly: price('Price a night'),
        partner: text('Partner', 60),
        url: url('Link'),
        blurb: text('Blurb', 300),
      }),
      L.hotels,
    ),
    activities: z.object(
      {
        lists: list('Activity lists', z.object({ title: text('List title', 80), items: list('Items', text('Item', 200), L.activityItems) }), L.activityLists),
        dayTrips: list('Day trips', z.object({ name: text('Day trip name', 120), note: text('Note', 300), url: url('Link') }), L.dayTrips),
        cards: list(
          'Tours',
          z.object({ name: text('Tour name', 120), note: text('Note', 300), price: price('Price'), partner: text('Partner', 60), url: url('Link') }),
          L.cards,
        ),
      },
      'Activities are required.',
    ),
    whenToGo: z.object({ peak: text('Peak season', 300), sweetSpot: text('Sweet spot', 300), winter: text('Winter', 300) }, 'When to go is required.'),
    /** The city's main airport or station name, the flight search's default destination. */
    flightTo: text('Flights to', 80),
    itineraries: list(
      'Itineraries',
      z.object({
        key: z.string('Plan key is required.').regex(/^[a-z0-9-]{1,40}$/, 'Plan key: lower-case letters, digits and hyphens, at most 40.'),
        title: text('Plan title', 80),
        from: price('Plan price'),
        days: z.array(text('Day', 400)).min(1, 'A plan needs at least one day.').max(L.days, `A plan has at most ${L.days} days.`),
      }),
      L.itineraries,
    ),
    tips: list('Tips', text('Tip', 300), L.tips),
    budget: list(
      'Budget tiers',
      z.object({ tier: z.enum(GUIDE_TIERS, 'Choose a tier.'), daily: price('Daily budget'), includes: text('Includes', 300) }),
      L.budget,
    ),
    /** Coordinates for 'Plan {city} Trip' (the trip form starts with the destination placed). */
    latitude: z.number('Latitude is required.').min(-90, 'Latitude is between -90 and 90.').max(90, 'Latitude is between -90 and 90.'),
    longitude: z.number('Longitude is required.').min(-180, 'Longitude is between -180 and 180.').max(180, 'Longitude is between -180 and 180.'),
  },
  'The page content is required.',
);

export type GuidePrice = z.infer<typeof GuidePriceSchema>;
export type GuideContent = z.infer<typeof GuideContentSchema>;
