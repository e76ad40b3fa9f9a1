import { recordAdminAction } from '../admin/audit.js';
import { requireAdmin } from '../admin/access.js';
import type { Prisma } from '../generated/prisma/client.js';
import { requireViewer, type RequestContext } from '../platform/context.js';
import { NotFoundError, ValidationError } from '../platform/errors.js';
import { withLiveEvents } from '../platform/outbox.js';
import { sharedRead } from '../platform/liveReads.js';
import { FieldProblems } from '../platform/validation.js';
import { requireTripMember } from '../trips/access.js';
import { ON_TRIP_STATUSES } from '../trips/memberStatus.js';
import { SHIPPED_CATALOG, SHIPPED_CATALOG_INPUT } from './catalog/index.js';
import { CatalogSchema, ProgramOverrideSchema, type Catalog, type Program, type ProgramOverride } from './catalog/schema.js';
import { RewardsMessages as M, WALLET_LIMITS } from './messages.js';
import { optimiseTrip, type ExpenseCategoryKey, type ItemKind, type Suggestion } from './optimise.js';
import { looksLikeNumber, walletStatusProblems } from './walletRules.js';

/**
 * Book smart: the catalogue (shipped data with administrators' overrides laid over it), each
 * traveller's private wallet, and "who should book what" for a trip. The one place these rules live.
 */

export interface CatalogView extends Catalog {
  /** Ids of the entries an administrator changed. */
  overridden: string[];
}

/** The catalogue as it stands: the shipped entries with their stored overrides; version says both. */
export async function readCatalog(ctx: RequestContext): Promise<CatalogView> {
  const overrides = await ctx.deps.db.prisma.rewardProgramOverride.findMany({ orderBy: { updatedAt: 'asc' } });
  if (!overrides.length) return { ...SHIPPED_CATALOG, overridden: [] };
  const byId = new Map(overrides.map((o) => [o.programId, o.data as ProgramOverride]));
  const programs = SHIPPED_CATALOG.programs.map((p) => (byId.has(p.id) ? { ...p, ...byId.get(p.id) } : p));
  const last = overrides[overrides.length - 1]!.updatedAt.toISOString().slice(0, 10);
  return {
    ...SHIPPED_CATALOG,
    version: `${SHIPPED_CATALOG.version}+${overrides.length} change${overrides.length === 1 ? '' : 's'} (${last})`,
    programs,
    overridden: overrides.map((o) => o.programId).filter((id) => SHIPPED_CATALOG.programs.some((p) => p.id === id)),
  };
}

export interface WalletEntryView {
  programId: string;
  status: string | null;
  program: Program | null;
}
export interface WalletView {
  programs: WalletEntryView[];
  shareWithTrips: boolean;
}

async function walletOf(ctx: RequestContext, userId: string, catalog?: Catalog): Promise<WalletView> {
  const [rows, settings, cat] = await Promise.all([
    ctx.deps.db.prisma.rewardHolding.findMany({ where: { userId }, orderBy: { createdAt: 'asc' }, select: { programId: true, status: true } }),
    ctx.deps.db.prisma.rewardWallet.findUnique({ where: { userId }, select: { shareWithTrips: true } }),
    catalog ?? readCatalog(ctx),
  ]);
  const byId = new Map(cat.programs.map((p) => [p.id, p]));
  return { programs: rows.map((r) => ({ ...r, program: byId.get(r.programId) ?? null })), shareWithTrips: settings?.shareWithTrips ?? false };
}

/** The caller's own wallet. */
export async function myWallet(ctx: RequestContext): Promise<WalletView> {
  const viewer = requireViewer(ctx);
  return walletOf(ctx, viewer.id);
}

export interface WalletInput {
  programs?: unknown;
  shareWithTrips?: unknown;
}

/**
 * Replaces the caller's wallet: programmes from the catalogue with an optional status named as
 * the programme names its levels. Names only: anything that looks like a card number is refused.
 */
export async function setMyWallet(ctx: RequestContext, input: WalletInput): Promise<WalletView> {
  const viewer = requireViewer(ctx);
  const catalog = await readCatalog(ctx);
  const byId = new Map(catalog.programs.map((p) => [p.id, p]));
  const p = new FieldProblems();
  const raw = Array.isArray(input.programs) ? input.programs : [];
  if (input.programs !== undefined && !Array.isArray(input.programs)) p.add('programs', M.unknownProgram);
  if (raw.length > WALLET_LIMITS.programs) p.add('programs', M.tooManyPrograms);
  const entries = new Map<string, string | null>();
  raw.forEach((entry: unknown, i) => {
    const e = (entry ?? {}) as { programId?: unknown; status?: unknown };
    const id = typeof e.programId === 'string' ? e.programId.trim() : '';
    if (looksLikeNumber(id)) return p.add(`programs.${i}.programId`, M.noCardNumbers);
    const program = byId.get(id);
    if (!program) return p.add(`programs.${i}.programId`, M.unknownProgram);
    const status = typeof e.status === 'string' ? e.status.trim() : null;
    const problems = walletStatusProblems(
      status,
      program.statuses.map((s) => s.name),
    );
    if (problems.length) return p.add(`programs.${i}.status`, problems[0]!.message);
    const canonical = status ? (program.statuses.find((s) => s.name.toLowerCase() === status.toLowerCase())?.name ?? status) : null;
    entries.set(id, canonical || null);
  });
  p.throwIfAny();
  const share = typeof input.shareWithTrips === 'boolean' ? input.shareWithTrips : undefined;
  await withLiveEvents(ctx.deps, async (tx) => {
    await tx.rewardHolding.deleteMany({ where: { userId: viewer.id, programId: { notIn: [...entries.keys()] } } });
    for (const [programId, status] of entries) {
      await tx.rewardHolding.upsert({
        where: { userId_programId: { userId: viewer.id, programId } },
        create: { userId: viewer.id, programId, status },
        update: { status },
      });
    }
    if (share !== undefined) {
      await tx.rewardWallet.upsert({ where: { userId: viewer.id }, create: { userId: viewer.id, shareWithTrips: share }, update: { shareWithTrips: share } });
    }
  });
  return walletOf(ctx, viewer.id, catalog);
}

export interface SharedWallet {
  userId: string;
  name: string;
  programs: WalletEntryView[];
}
export interface TripRewardsView {
  tripId: string;
  currency: string;
  catalogVersion: string;
  suggestions: (Suggestion & { userName: string; title: string })[];
  /** The wallets the viewer may see: their own, and those of members who share theirs. */
  sharedWallets: SharedWallet[];
  /** How many members have a wallet at all (without saying whose). */
  membersWithWallet: number;
}

/**
 * "Who should book what" for a trip; members only. Every member's wallet counts, but only the
 * chosen card or programme of each suggestion is shown; whole wallets only of members who share
 * them (and the viewer's own).
 */
export async function tripRewards(ctx: RequestContext, tripId: string): Promise<TripRewardsView> {
  const viewer = requireViewer(ctx);
  await requireTripMember(ctx, tripId);
  // The trip's side is the same for every member (a live event reads it once for all); each
  // viewer then sees their own wallet and those shared with the trip.
  const { wallets, ...view } = await sharedRead(ctx, `rewards:${tripId}`, () => readTripRewards(ctx, tripId));
  return { ...view, sharedWallets: wallets.filter((w) => w.userId === viewer.id || w.shared).map(({ shared: _shared, ...w }) => w) };
}

/** Everything "who should book what" shows of a trip, with every member's wallet and whether it is shared. */
async function readTripRewards(ctx: RequestContext, tripId: string) {
  const db = ctx.deps.db.prisma;
  const [trip, members, items, spent, catalog] = await Promise.all([
    db.trip.findUniqueOrThrow({ where: { id: tripId }, select: { currency: true, budgetCents: true } }),
    db.tripMember.findMany({
      where: { tripId, status: { in: ON_TRIP_STATUSES }, user: { deletedAt: null } },
      orderBy: { invitedAt: 'asc' },
      select: {
        userId: true,
        user: {
          select: {
            firstName: true,
            lastName: true,
            rewardHoldings: { select: { programId: true, status: true }, orderBy: { createdAt: 'asc' } },
            rewardWallet: { select: { shareWithTrips: true } },
          },
        },
      },
    }),
    db.itineraryItem.findMany({
      where: { tripId },
      orderBy: [{ activityDate: 'asc' }, { createdAt: 'asc' }],
      take: 200,
      select: {
        id: true,
        type: true,
        title: true,
        flightNumber: true,
        hotelName: true,
        location: true,
        notes: true,
        expense: { select: { baseAmountCents: true, baseCurrency: true } },
      },
    }),
    db.expense.groupBy({ by: ['category', 'baseCurrency'], where: { tripId }, _sum: { baseAmountCents: true } }),
    readCatalog(ctx),
  ]);
  const spentMinor: Partial<Record<ExpenseCategoryKey, number>> = {};
  for (const row of spent) if (row.baseCurrency === trip.currency) spentMinor[row.category as ExpenseCategoryKey] = row._sum.baseAmountCents ?? 0;
  const firstName = (u: { firstName: string | null; lastName: string | null }) => u.firstName?.trim() || u.lastName?.trim() || 'A member';
  const suggestions = optimiseTrip(
    catalog,
    members.map((m) => ({ userId: m.userId, name: firstName(m.user), holdings: m.user.rewardHoldings })),
    {
      currency: trip.currency,
      budgetMinor: trip.budgetCents,
      spentMinor,
      items: items.map((i) => ({
        ...i,
        type: i.type as ItemKind,
        costMinor: i.expense && i.expense.baseCurrency === trip.currency ? i.expense.baseAmountCents : null,
      })),
    },
  );
  const names = new Map(members.map((m) => [m.userId, `${m.user.firstName ?? ''} ${m.user.lastName ?? ''}`.trim() || 'A member']));
  const byId = new Map(catalog.programs.map((p) => [p.id, p]));
  const titles = new Map(items.map((i) => [i.id, i.title]));
  const wallets = members.map((m) => ({
    userId: m.userId,
    name: names.get(m.userId)!,
    programs: m.user.rewardHoldings.map((h) => ({ ...h, program: byId.get(h.programId) ?? null })),
    shared: !!m.user.rewardWallet?.shareWithTrips,
  }));
  return {
    tripId,
    currency: trip.currency,
    catalogVersion: catalog.version,
    suggestions: suggestions.map((s) => ({
      ...s,
      userName: names.get(s.userId)!,
      title: s.itineraryItemId
        ? (titles.get(s.itineraryItemId) ?? 'Itinerary item')
        : `${s.expenseCategory!.charAt(0)}${s.expenseCategory!.slice(1).toLowerCase()} expenses`,
    })),
    wallets,
    membersWithWallet: members.filter((m) => m.user.rewardHoldings.length > 0).length,
  };
}

/** Checks that an expense's recorded suggestion names a programme of the catalogue (overrides never add one). */
export function checkSuggestedProgram(programId: string | null | undefined): void {
  if (programId && !SHIPPED_CATALOG.programs.some((p) => p.id === programId)) throw new ValidationError(M.unknownProgram, 'suggestedProgramId');
}

// ---- Administration: overrides over the shipped entries, each audited ----

/**
 * Sets an administrator's override of one entry (only the fields given change; the rest keep
 * the shipped values). The whole catalogue is checked with the change before it is stored.
 */
export async function setProgramOverride(ctx: RequestContext, programId: string, change: unknown): Promise<Program> {
  const actor = requireAdmin(ctx);
  const shipped = SHIPPED_CATALOG.programs.find((p) => p.id === programId);
  if (!shipped) throw new NotFoundError(M.programNotFound);
  const parsed = ProgramOverrideSchema.safeParse(change);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ValidationError(issue.message, issue.path.join('.') || 'program');
  }
  return withLiveEvents(ctx.deps, async (tx) => {
    const current = await tx.rewardProgramOverride.findUnique({ where: { programId } });
    const before = (current?.data ?? {}) as ProgramOverride;
    const data = { ...before, ...parsed.data };
    const merged = { ...shipped, ...data };
    const check = CatalogSchema.safeParse({ ...SHIPPED_CATALOG_INPUT, programs: SHIPPED_CATALOG.programs.map((p) => (p.id === programId ? merged : p)) });
    if (!check.success) throw new ValidationError(`${M.overrideInvalid} ${check.error.issues[0]!.message}`, 'program');
    await tx.rewardProgramOverride.upsert({
      where: { programId },
      create: { programId, data: data as Prisma.InputJsonValue, updatedById: actor.id },
      update: { data: data as Prisma.InputJsonValue, updatedById: actor.id },
    });
    const keys = Object.keys(parsed.data) as (keyof ProgramOverride)[];
    const was = { ...shipped, ...before } as Record<string, unknown>;
    await recordAdminAction(tx, actor, {
      action: 'reward_program.update',
      targetType: 'reward_program',
      targetId: programId,
      before: Object.fromEntries(keys.map((k) => [k, was[k]])),
      after: Object.fromEntries(keys.map((k) => [k, (merged as Record<string, unknown>)[k]])),
      summary: `Updated rewards programme "${merged.name}"`,
    });
    return check.data.programs.find((p) => p.id === programId)!;
  });
}

/** Drops an entry's override: it is the shipped entry again. */
export async function resetProgramOverride(ctx: RequestContext, programId: string): Promise<Program> {
  const actor = requireAdmin(ctx);
  const shipped = SHIPPED_CATALOG.programs.find((p) => p.id === programId);
  if (!shipped) throw new NotFoundError(M.programNotFound);
  return withLiveEvents(ctx.deps, async (tx) => {
    const current = await tx.rewardProgramOverride.findUnique({ where: { programId } });
    await tx.rewardProgramOverride.deleteMany({ where: { programId } });
    const before = (current?.data ?? {}) as Record<string, unknown>;
    await recordAdminAction(tx, actor, {
      action: 'reward_program.reset',
      targetType: 'reward_program',
      targetId: programId,
      before,
      after: Object.fromEntries(Object.keys(before).map((k) => [k, (shipped as Record<string, unknown>)[k]])),
      summary: `Reset rewards programme "${shipped.name}" to the shipped entry`,
    });
    return shipped;
  });
}
