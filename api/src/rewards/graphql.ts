import { builder } from '../graphql/builder.js';
import { MUTATION_ERRORS } from '../graphql/errors.js';
import { ALLIANCES, BENEFIT_KINDS, MARKETS, PROGRAM_KINDS, REWARD_CATEGORIES, type Program } from './catalog/schema.js';
import type { Suggestion } from './optimise.js';
import {
  myWallet,
  readCatalog,
  resetProgramOverride,
  setMyWallet,
  setProgramOverride,
  tripRewards,
  type CatalogView,
  type SharedWallet,
  type TripRewardsView,
  type WalletEntryView,
  type WalletView,
} from './service.js';

const describe = <T extends readonly string[]>(values: T, text: (v: T[number]) => string) =>
  Object.fromEntries(values.map((v) => [v, { description: text(v) }])) as Record<T[number], { description: string }>;

const CategoryEnum = builder.enumType('RewardCategory', {
  description: 'What a purchase is, as card earn tables name it.',
  values: describe(REWARD_CATEGORIES, (v) => `Spending on ${v.replace('_', ' ')}${v === 'other' ? ' (the base rate)' : ''}.`),
});
const KindEnum = builder.enumType('RewardProgramKind', {
  description: 'A payment card, an airline programme or a hotel programme.',
  values: describe(PROGRAM_KINDS, (v) =>
    v === 'card' ? 'A credit or charge card.' : `An ${v === 'airline' ? 'airline frequent-flyer' : 'hotel loyalty'} programme.`,
  ),
});
const MarketEnum = builder.enumType('RewardMarket', {
  description: 'The market a programme is held in; its point value is in that market’s currency (INTL: US dollars).',
  values: describe(MARKETS, (v) => (v === 'INTL' ? 'Held worldwide (values in US dollars).' : `The ${v} market.`)),
});
const AllianceEnum = builder.enumType('AirlineAlliance', {
  description: 'The three airline alliances.',
  values: describe(ALLIANCES, (v) => ({ star_alliance: 'Star Alliance.', oneworld: 'oneworld.', skyteam: 'SkyTeam.' })[v]),
});
const BenefitKindEnum = builder.enumType('RewardBenefitKind', {
  description: 'A kind of elite status benefit.',
  values: describe(BENEFIT_KINDS, (v) => `The benefit: ${v.replace('_', ' ')}.`),
});

type Earn = Program['earns'][number];
const EarnRef = builder.objectRef<Earn>('RewardEarn').implement({
  description: 'An earn rate: points per unit of the market’s currency spent in a category.',
  fields: (t) => ({
    category: t.field({ type: CategoryEnum, description: 'The spending category.', resolve: (e) => e.category }),
    rate: t.float({ description: 'Points per unit of currency (at least 0).', resolve: (e) => e.rate }),
    programId: t.string({
      nullable: true,
      description: 'Only with this airline or hotel programme’s own bookings (a co-branded card’s bonus); null for any.',
      resolve: (e) => e.program ?? null,
    }),
  }),
});
type Portal = Program['portal'][number];
const PortalRef = builder.objectRef<Portal>('RewardPortalBonus').implement({
  description: 'A higher rate when booked through the card’s travel portal.',
  fields: (t) => ({
    category: t.field({ type: CategoryEnum, description: 'The spending category.', resolve: (e) => e.category }),
    rate: t.float({ description: 'Points per unit of currency through the portal.', resolve: (e) => e.rate }),
    note: t.string({ description: 'Where it applies, e.g. "booked through Chase Travel".', resolve: (e) => e.note }),
  }),
});
type Benefit = Program['statuses'][number]['benefits'][number];
const BenefitRef = builder.objectRef<Benefit>('RewardBenefit').implement({
  description: 'An elite status benefit with its estimated worth.',
  fields: (t) => ({
    kind: t.field({ type: BenefitKindEnum, description: 'What it is.', resolve: (b) => b.kind }),
    label: t.string({ description: 'As a sentence reads it, e.g. "a free checked bag".', resolve: (b) => b.label }),
    valueUsd: t.float({ description: 'Estimated worth per flight or stay, in US dollars.', resolve: (b) => b.valueUsd }),
  }),
});
type Status = Program['statuses'][number];
const StatusRef = builder.objectRef<Status>('RewardStatusLevel').implement({
  description: 'An elite level of a programme, with its benefits.',
  fields: (t) => ({
    name: t.string({ description: 'The level as the programme names it.', resolve: (s) => s.name }),
    allianceTier: t.string({
      nullable: true,
      description: 'The alliance tier it carries to partner airlines (e.g. "Star Alliance Gold"); null for none.',
      resolve: (s) => s.allianceTier ?? null,
    }),
    benefits: t.field({ type: [BenefitRef], description: 'Its benefits.', resolve: (s) => s.benefits }),
  }),
});

export const RewardProgramRef = builder.objectRef<Program & { overridden?: boolean }>('RewardProgram').implement({
  description: 'A card, airline or hotel programme of the rewards catalogue (shipped data, with administrators’ changes).',
  fields: (t) => ({
    programId: t.string({ description: 'Its catalogue id, e.g. "chase-sapphire-reserve".', resolve: (p) => p.id }),
    name: t.string({ description: 'Its name.', resolve: (p) => p.name }),
    kind: t.field({ type: KindEnum, description: 'Card, airline or hotel programme.', resolve: (p) => p.kind }),
    country: t.field({ type: MarketEnum, description: 'Its market.', resolve: (p) => p.country }),
    unit: t.string({ description: 'What its points are called.', resolve: (p) => p.unit }),
    earns: t.field({ type: [EarnRef], description: 'Earn rates by category.', resolve: (p) => p.earns }),
    portal: t.field({ type: [PortalRef], description: 'Portal bonus rates.', resolve: (p) => p.portal }),
    pointValueCents: t.float({ description: 'A point’s estimated worth in cents of its market’s currency.', resolve: (p) => p.pointValueCents }),
    valueSource: t.string({ description: 'Where that worth comes from, named and dated.', resolve: (p) => p.valueSource }),
    transfersTo: t.stringList({ description: 'Catalogue ids of the programmes its points transfer to.', resolve: (p) => p.transfersTo }),
    alliance: t.field({ type: AllianceEnum, nullable: true, description: 'An airline programme’s alliance; null for none.', resolve: (p) => p.alliance }),
    airlineCodes: t.stringList({ description: 'IATA codes of the airlines whose flights earn in it.', resolve: (p) => p.airlines.map((a) => a.code) }),
    brands: t.stringList({ description: 'A hotel programme’s brands.', resolve: (p) => p.brands }),
    statuses: t.field({ type: [StatusRef], description: 'Its elite levels, lowest first.', resolve: (p) => p.statuses }),
    retired: t.boolean({ description: 'Retired by an administrator: not offered or suggested.', resolve: (p) => p.retired }),
    overridden: t.boolean({ description: 'True when an administrator changed the shipped entry.', resolve: (p) => p.overridden ?? false }),
  }),
});

const CatalogRef = builder.objectRef<CatalogView>('RewardsCatalog').implement({
  description: 'The rewards catalogue: versioned, dated data; point values are estimates.',
  fields: (t) => ({
    version: t.string({ description: 'The shipped version, with the number of administrators’ changes when there are any.', resolve: (c) => c.version }),
    date: t.string({ description: 'The day the shipped figures were last checked (YYYY-MM-DD).', resolve: (c) => c.date }),
    programs: t.field({
      type: [RewardProgramRef],
      description: 'Every entry; retired ones only when asked.',
      args: { includeRetired: t.arg.boolean({ description: 'Also the retired entries (the console).' }) },
      resolve: (c, args) => c.programs.filter((p) => args.includeRetired || !p.retired).map((p) => ({ ...p, overridden: c.overridden.includes(p.id) })),
    }),
  }),
});

builder.queryField('rewardsCatalog', (t) =>
  t.field({ type: CatalogRef, description: 'The rewards catalogue (public).', resolve: (_r, _a, ctx) => readCatalog(ctx) }),
);

const WalletEntryRef = builder.objectRef<WalletEntryView>('RewardWalletEntry').implement({
  description: 'A card or programme a traveller holds: its name and status only, never a number.',
  fields: (t) => ({
    programId: t.string({ description: 'Its catalogue id.', resolve: (e) => e.programId }),
    status: t.string({ nullable: true, description: 'The elite level held; null for none.', resolve: (e) => e.status }),
    program: t.field({ type: RewardProgramRef, nullable: true, description: 'The catalogue entry; null if it left the catalogue.', resolve: (e) => e.program }),
  }),
});

const WalletRef = builder.objectRef<WalletView>('RewardsWallet').implement({
  description: 'The viewer’s own rewards wallet (private to them).',
  fields: (t) => ({
    programs: t.field({ type: [WalletEntryRef], description: 'What they hold, in the order added.', resolve: (w) => w.programs }),
    shareWithTrips: t.boolean({ description: 'Whether the members of their trips may see this wallet.', resolve: (w) => w.shareWithTrips }),
  }),
});

builder.queryField('myRewardsWallet', (t) =>
  t.field({ type: WalletRef, authScopes: { signedIn: true }, description: 'The viewer’s own rewards wallet.', resolve: (_r, _a, ctx) => myWallet(ctx) }),
);

const WalletEntryInput = builder.inputType('RewardWalletEntryInput', {
  description: 'One card or programme: names only, never numbers.',
  fields: (t) => ({
    programId: t.string({ required: true, description: 'A catalogue id.' }),
    status: t.string({ description: 'The elite level, as the programme names it; absent for none.' }),
  }),
});
const SetWalletInput = builder.inputType('SetMyRewardsWalletInput', {
  description: 'The whole wallet as it should be.',
  fields: (t) => ({
    programs: t.field({ type: [WalletEntryInput], required: true, description: 'Every card and programme held (at most 40).' }),
    shareWithTrips: t.boolean({ description: 'Share the wallet with the members of the viewer’s trips; absent keeps the setting.' }),
  }),
});
const WalletPayload = builder.objectRef<{ wallet: WalletView }>('RewardsWalletPayload').implement({
  description: 'The wallet as saved.',
  fields: (t) => ({ wallet: t.field({ type: WalletRef, description: 'The wallet as saved.', resolve: (p) => p.wallet }) }),
});

builder.mutationField('setMyRewardsWallet', (t) =>
  t.field({
    type: WalletPayload,
    authScopes: { signedIn: true },
    errors: { types: MUTATION_ERRORS, directResult: true, union: { name: 'SetMyRewardsWalletResult', description: 'The wallet as saved, or why not.' } },
    description: 'Replaces the viewer’s wallet. Anything that looks like a card number is refused.',
    args: { input: t.arg({ type: SetWalletInput, required: true, description: 'The wallet.' }) },
    resolve: async (_r, { input }, ctx) => ({
      wallet: await setMyWallet(ctx, { programs: input.programs, shareWithTrips: input.shareWithTrips ?? undefined }),
    }),
  }),
);

const SuggestionRef = builder.objectRef<Suggestion & { userName: string; title: string }>('RewardSuggestion').implement({
  description: 'Who should pay for an item or an expense category, with which card or programme, and why.',
  fields: (t) => ({
    title: t.string({ description: 'What it is for: the item’s title, or "Food expenses".', resolve: (s) => s.title }),
    itineraryItemId: t.id({ nullable: true, description: 'Uuid of the itinerary item; null for an expense category.', resolve: (s) => s.itineraryItemId }),
    expenseCategory: t.string({
      nullable: true,
      description: 'The expense category (FOOD, TRANSPORT...); null for an item.',
      resolve: (s) => s.expenseCategory,
    }),
    category: t.field({ type: CategoryEnum, description: 'The spending category it earns in.', resolve: (s) => s.category }),
    userId: t.id({ description: 'Uuid of the member who should pay.', resolve: (s) => s.userId }),
    userName: t.string({ description: 'Their name.', resolve: (s) => s.userName }),
    programId: t.string({ description: 'The card (or programme) to use.', resolve: (s) => s.programId }),
    programName: t.string({ description: 'Its name.', resolve: (s) => s.programName }),
    loyaltyProgramId: t.string({
      nullable: true,
      description: 'The airline or hotel programme to credit it to; null for none.',
      resolve: (s) => s.loyaltyProgramId,
    }),
    estimatedPoints: t.int({ description: 'Points the card earns (estimate).', resolve: (s) => s.estimatedPoints }),
    estimatedValueMinor: t.int({ description: 'Estimated total value in minor units of the trip’s currency.', resolve: (s) => s.estimatedValueMinor }),
    currency: t.string({ description: 'The trip’s currency.', resolve: (s) => s.currency }),
    amountMinor: t.int({ description: 'The amount the estimate is on, in minor units.', resolve: (s) => s.amountMinor }),
    amountBasis: t.string({ description: '"cost", "spent", "budget_share" or "nominal" (per 100 units).', resolve: (s) => s.amountBasis }),
    benefits: t.stringList({ description: 'Status benefits that apply.', resolve: (s) => s.benefits }),
    reason: t.string({ description: 'The reasoning, as shown.', resolve: (s) => s.reason }),
  }),
});
const SharedWalletRef = builder.objectRef<SharedWallet>('SharedRewardsWallet').implement({
  description: 'A trip member’s wallet they chose to share (or the viewer’s own).',
  fields: (t) => ({
    userId: t.id({ description: 'Uuid of the member.', resolve: (w) => w.userId }),
    name: t.string({ description: 'Their name.', resolve: (w) => w.name }),
    programs: t.field({ type: [WalletEntryRef], description: 'What they hold.', resolve: (w) => w.programs }),
  }),
});
const TripRewardsRef = builder.objectRef<TripRewardsView>('TripRewards').implement({
  description: '"Who should book what" for a trip; members only. Other members’ wallets stay private unless shared.',
  fields: (t) => ({
    catalogVersion: t.string({ description: 'The catalogue version the estimates used.', resolve: (r) => r.catalogVersion }),
    suggestions: t.field({
      type: [SuggestionRef],
      description: 'One per item and expense category a member’s wallet earns on.',
      resolve: (r) => r.suggestions,
    }),
    sharedWallets: t.field({
      type: [SharedWalletRef],
      description: 'The viewer’s own wallet and those shared with the trip.',
      resolve: (r) => r.sharedWallets,
    }),
    membersWithWallet: t.int({ description: 'How many members hold anything (not whose).', resolve: (r) => r.membersWithWallet }),
  }),
});

builder.prismaObjectFields('Trip', (t) => ({
  rewards: t.field({
    type: TripRewardsRef,
    description: '"Who should book what": which member should pay with which card or programme.',
    authScopes: (trip) => ({ tripMember: trip.id }),
    resolve: (trip, _a, ctx) => tripRewards(ctx, trip.id),
  }),
}));

const EarnInput = builder.inputType('RewardEarnInput', {
  description: 'An earn rate.',
  fields: (t) => ({
    category: t.field({ type: CategoryEnum, required: true, description: 'The category.' }),
    rate: t.float({ required: true, description: 'Points per unit of currency (at least 0).' }),
    programId: t.string({ description: 'Only with this programme’s bookings.' }),
  }),
});
const OverrideInput = builder.inputType('SetRewardProgramOverrideInput', {
  description: 'The fields of a catalogue entry to change; absent ones keep their value.',
  fields: (t) => ({
    programId: t.string({ required: true, description: 'The entry.' }),
    name: t.string({ description: 'A new name.' }),
    pointValueCents: t.float({ description: 'A new point value, in cents.' }),
    valueSource: t.string({ description: 'Where the new value comes from.' }),
    earns: t.field({ type: [EarnInput], description: 'The whole earn table.' }),
    retired: t.boolean({ description: 'Retire or restore the entry.' }),
  }),
});
const ResetInput = builder.inputType('ResetRewardProgramOverrideInput', {
  description: 'The entry to restore.',
  fields: (t) => ({ programId: t.string({ required: true, description: 'The entry.' }) }),
});
const ProgramPayload = builder.objectRef<{ program: Program }>('RewardProgramPayload').implement({
  description: 'The entry as it now stands.',
  fields: (t) => ({ program: t.field({ type: RewardProgramRef, description: 'The entry.', resolve: (p) => p.program }) }),
});
const adminMutation = (name: string) => ({
  type: ProgramPayload,
  authScopes: { admin: true } as const,
  errors: { types: MUTATION_ERRORS, directResult: true as const, union: { name, description: 'The entry, or why it was not changed.' } },
});

builder.mutationField('setRewardProgramOverride', (t) =>
  t.field({
    ...adminMutation('SetRewardProgramOverrideResult'),
    description: 'Administrators: changes a catalogue entry over the shipped data (audited).',
    args: { input: t.arg({ type: OverrideInput, required: true, description: 'The changes.' }) },
    resolve: async (_r, { input }, ctx) => {
      const { programId, ...rest } = input;
      const change: Record<string, unknown> = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== null && v !== undefined));
      if (rest.earns) change.earns = rest.earns.map((e) => ({ category: e.category, rate: e.rate, ...(e.programId ? { program: e.programId } : {}) }));
      return { program: await setProgramOverride(ctx, programId, change) };
    },
  }),
);

builder.mutationField('resetRewardProgramOverride', (t) =>
  t.field({
    ...adminMutation('ResetRewardProgramOverrideResult'),
    description: 'Administrators: restores the shipped entry (audited).',
    args: { input: t.arg({ type: ResetInput, required: true, description: 'The entry.' }) },
    resolve: async (_r, { input }, ctx) => ({ program: await resetProgramOverride(ctx, input.programId) }),
  }),
);
