import { z } from 'zod';

/**
 * The rewards catalogue's shape, checked when the shipped data loads, when an administrator's
 * override is saved, and in `tests/unit/rewards-catalog.test.ts`. Browser-safe (zod only).
 */

/** What a purchase is, as card earn tables name it. */
export const REWARD_CATEGORIES = ['flights', 'hotels', 'car_rental', 'dining', 'groceries', 'transit', 'other'] as const;
export type RewardCategory = (typeof REWARD_CATEGORIES)[number];

export const PROGRAM_KINDS = ['card', 'airline', 'hotel'] as const;
export type ProgramKind = (typeof PROGRAM_KINDS)[number];

/** The markets of the product's currency list; INTL for programmes held everywhere. */
export const MARKETS = ['US', 'CA', 'GB', 'EU', 'AU', 'IN', 'MX', 'INTL'] as const;
export const MARKET_CURRENCY: Record<(typeof MARKETS)[number], string> = {
  US: 'USD',
  CA: 'CAD',
  GB: 'GBP',
  EU: 'EUR',
  AU: 'AUD',
  IN: 'INR',
  MX: 'MXN',
  INTL: 'USD',
};

export const ALLIANCES = ['star_alliance', 'oneworld', 'skyteam'] as const;
export type Alliance = (typeof ALLIANCES)[number];
export const ALLIANCE_NAMES: Record<Alliance, string> = { star_alliance: 'Star Alliance', oneworld: 'oneworld', skyteam: 'SkyTeam' };

export const BENEFIT_KINDS = ['free_bag', 'late_checkout', 'lounge', 'upgrade', 'breakfast', 'priority'] as const;

const rate = z.number().min(0).max(100);
const slug = z.string().regex(/^[a-z0-9][a-z0-9_-]{1,60}$/, 'A programme id is lower-case letters, digits, - and _.');

export const EarnSchema = z.object({
  category: z.enum(REWARD_CATEGORIES),
  rate,
  /** Only with this airline or hotel programme's own airlines or brands (a co-branded card's bonus). */
  program: slug.optional(),
});

export const PortalBonusSchema = z.object({
  category: z.enum(REWARD_CATEGORIES),
  rate,
  /** Where the bonus rate applies, e.g. "booked through Chase Travel". */
  note: z.string().min(1).max(120),
});

export const BenefitSchema = z.object({
  kind: z.enum(BENEFIT_KINDS),
  /** As a sentence reads it: "a free checked bag". */
  label: z.string().min(1).max(80),
  /** What it is worth per stay or per flight, estimated, in US dollars. */
  valueUsd: z.number().min(0).max(1000),
});

export const StatusSchema = z.object({
  name: z.string().min(1).max(40),
  /** The alliance tier it carries to partner airlines (Star Alliance Gold, oneworld Sapphire...). */
  allianceTier: z.string().max(40).optional(),
  benefits: z.array(BenefitSchema),
});

export const ProgramSchema = z.object({
  id: slug,
  name: z.string().min(1).max(80),
  kind: z.enum(PROGRAM_KINDS),
  country: z.enum(MARKETS),
  /** What the points are called ("Ultimate Rewards points", "Avios"). */
  unit: z.string().min(1).max(40),
  /** Points per unit of the market's currency spent, by category; `other` is the base rate. */
  earns: z.array(EarnSchema).min(1),
  /** Higher rates when booked through the card's or programme's own travel portal. */
  portal: z.array(PortalBonusSchema).default([]),
  /** A point's estimated worth, in cents (hundredths) of the market's currency. */
  pointValueCents: z.number().min(0).max(100),
  /** Where that worth comes from, named and dated. */
  valueSource: z.string().min(1).max(120),
  /** Programmes its points transfer to (ids in this catalogue). */
  transfersTo: z.array(slug).default([]),
  /** Airline programme: its alliance and the airlines (IATA codes) whose flights earn in it. */
  alliance: z.enum(ALLIANCES).nullable().default(null),
  airlines: z.array(z.object({ code: z.string().regex(/^[A-Z0-9]{2}$/), name: z.string().min(1).max(60) })).default([]),
  /** Hotel programme: the brands whose stays earn in it, as a stay's title would name them. */
  brands: z.array(z.string().min(2).max(40)).default([]),
  /** Elite levels with their benefits, lowest first. */
  statuses: z.array(StatusSchema).default([]),
  /** Retired by an administrator: kept for wallets that hold it, not offered or suggested. */
  retired: z.boolean().default(false),
});
export type Program = z.output<typeof ProgramSchema>;
export type ProgramInput = z.input<typeof ProgramSchema>;

/** Fields an administrator may change over the shipped entry. */
export const ProgramOverrideSchema = ProgramSchema.pick({
  name: true,
  earns: true,
  portal: true,
  pointValueCents: true,
  valueSource: true,
  transfersTo: true,
  retired: true,
}).partial();
export type ProgramOverride = z.output<typeof ProgramOverrideSchema>;

export const CatalogSchema = z
  .object({
    version: z.string().min(1),
    /** The day the shipped figures were last checked. */
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    /** Rough units of each currency per US dollar, dated with the catalogue: only to turn status
     * benefits (valued in dollars) and points into a trip's currency. */
    unitsPerUsd: z.record(z.string(), z.number().positive()),
    programs: z.array(ProgramSchema).min(1),
  })
  .superRefine((c, ctx) => {
    const ids = new Set<string>();
    c.programs.forEach((p, i) => {
      if (ids.has(p.id)) ctx.addIssue({ code: 'custom', path: ['programs', i, 'id'], message: `Duplicate programme id ${p.id}.` });
      ids.add(p.id);
      if (!p.earns.some((e) => e.category === 'other'))
        ctx.addIssue({ code: 'custom', path: ['programs', i, 'earns'], message: `${p.id} has no base ('other') rate.` });
      if (p.kind === 'airline' && p.airlines.length === 0)
        ctx.addIssue({ code: 'custom', path: ['programs', i, 'airlines'], message: `${p.id} names no airline.` });
      if (p.kind === 'hotel' && p.brands.length === 0) ctx.addIssue({ code: 'custom', path: ['programs', i, 'brands'], message: `${p.id} names no brand.` });
      if (!(MARKET_CURRENCY[p.country] in c.unitsPerUsd))
        ctx.addIssue({ code: 'custom', path: ['programs', i, 'country'], message: `No rate for ${p.country}.` });
    });
    c.programs.forEach((p, i) => {
      p.transfersTo.forEach((t, j) => {
        if (!ids.has(t)) ctx.addIssue({ code: 'custom', path: ['programs', i, 'transfersTo', j], message: `${p.id} transfers to unknown programme ${t}.` });
      });
      p.earns.forEach((e, j) => {
        if (e.program && !ids.has(e.program))
          ctx.addIssue({ code: 'custom', path: ['programs', i, 'earns', j], message: `${p.id} earns with unknown programme ${e.program}.` });
      });
    });
  });
export type Catalog = z.output<typeof CatalogSchema>;
