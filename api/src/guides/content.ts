import { z } from 'zod';
import { TRIP_CURRENCIES } from '../trips/messages.js';

/**
 * The shape of a stored guide's page (Guide.content). Written by the seed migration and by the
 * administrators' editor, read by the guide page; every write passes through `GuideContentSchema`
 * so the page never meets a field it cannot show. Prices are integer minor units with their
 * currency, like every amount in the product.
 */
const text = (max: number) => z.string().trim().min(1).max(max);
const url = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => v.startsWith('/') || /^https?:\/\//i.test(v), 'Must be a path or an http(s) address.');

export const GuidePriceSchema = z.object({
  amount: z.number().int().min(0).max(100_000_000),
  currency: z.enum(TRIP_CURRENCIES),
});

const Hotel = z.object({
  name: text(120),
  tier: z.enum(['luxury', 'mid', 'budget']),
  from: GuidePriceSchema,
  partner: text(60),
  url,
});

export const GuideContentSchema = z.object({
  /** The 'Last updated' badge (a month and year an editor vouches for, not the row's timestamp). */
  updatedLabel: text(40),
  tags: z.array(text(40)).max(8),
  quickFacts: z.object({ bestTime: text(200), dailyBudget: text(200), mustTry: text(200), hiddenGem: text(300) }),
  neighborhoods: z.array(z.object({ name: text(80), summary: text(500), details: z.array(text(300)).max(8), hotels: z.array(Hotel).max(3) })).max(4),
  hotels: z.array(z.object({ name: text(120), area: text(80), nightly: GuidePriceSchema, partner: text(60), url, blurb: text(300) })).max(6),
  activities: z.object({
    lists: z.array(z.object({ title: text(80), items: z.array(text(200)).max(8) })).max(4),
    dayTrips: z.array(z.object({ name: text(120), note: text(300), url })).max(4),
    cards: z.array(z.object({ name: text(120), note: text(300), price: GuidePriceSchema, partner: text(60), url })).max(6),
  }),
  whenToGo: z.object({ peak: text(300), sweetSpot: text(300), winter: text(300) }),
  /** The city's main airport or station name, the flight search's default destination. */
  flightTo: text(80),
  itineraries: z
    .array(z.object({ key: z.string().regex(/^[a-z0-9-]{1,40}$/), title: text(80), from: GuidePriceSchema, days: z.array(text(400)).min(1).max(14) }))
    .max(4),
  tips: z.array(text(300)).max(8),
  budget: z.array(z.object({ tier: z.enum(['budget', 'mid', 'luxury']), daily: GuidePriceSchema, includes: text(300) })).max(3),
  /** Coordinates for 'Plan {city} Trip' (the trip form starts with the destination placed). */
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
});

export type GuidePrice = z.infer<typeof GuidePriceSchema>;
export type GuideContent = z.infer<typeof GuideContentSchema>;
