import { z } from 'zod';
import { route } from '../rest/kit.js';
import type { Program } from './catalog/schema.js';
import { myWallet, readCatalog, resetProgramOverride, setMyWallet, setProgramOverride, tripRewards, type WalletView } from './service.js';

/** A catalogue entry as the REST rows answer it (CONTRACT.md "Book smart"), with the extra detail after. */
export function programJson(p: Program) {
  return {
    id: p.id,
    name: p.name,
    kind: p.kind,
    country: p.country,
    earns: p.earns.map((e) => ({ category: e.category, rate: e.rate, ...(e.program ? { program_id: e.program } : {}) })),
    point_value_cents: p.pointValueCents,
    unit: p.unit,
    value_source: p.valueSource,
    portal: p.portal.map((b) => ({ category: b.category, rate: b.rate, note: b.note })),
    transfers_to: p.transfersTo,
    alliance: p.alliance,
    airlines: p.airlines,
    brands: p.brands,
    statuses: p.statuses.map((s) => ({
      name: s.name,
      alliance_tier: s.allianceTier ?? null,
      benefits: s.benefits.map((b) => ({ kind: b.kind, label: b.label, value_usd: b.valueUsd })),
    })),
    retired: p.retired,
  };
}

const walletJson = (w: WalletView) => ({
  programs: w.programs.map((e) => ({ program_id: e.programId, status: e.status, name: e.program?.name ?? null, kind: e.program?.kind ?? null })),
  share_with_trips: w.shareWithTrips,
});

const WalletBody = z.object({
  programs: z.array(z.object({ program_id: z.string(), status: z.string().nullish() })).max(200),
  share_with_trips: z.boolean().optional(),
});

const OverrideBody = z.record(z.string(), z.unknown());

export const rewardsRoutes = [
  route({
    method: 'GET',
    path: '/rewards-catalog',
    access: 'public',
    handle: async (ctx) => {
      const c = await readCatalog(ctx);
      return { version: c.version, date: c.date, programs: c.programs.filter((p) => !p.retired).map(programJson) };
    },
  }),
  route({ method: 'GET', path: '/my-rewards', access: 'signedIn', handle: async (ctx) => walletJson(await myWallet(ctx)) }),
  route({
    method: 'PUT',
    path: '/my-rewards',
    access: 'signedIn',
    body: WalletBody,
    handle: async (ctx, { body }) =>
      walletJson(
        await setMyWallet(ctx, {
          programs: body.programs.map((p) => ({ programId: p.program_id, status: p.status ?? null })),
          shareWithTrips: body.share_with_trips,
        }),
      ),
  }),
  route({
    method: 'GET',
    path: '/trip-rewards/:tripId',
    access: 'signedIn',
    handle: async (ctx, { params }) => {
      const r = await tripRewards(ctx, params.tripId);
      return {
        catalog_version: r.catalogVersion,
        currency: r.currency,
        suggestions: r.suggestions.map((s) => ({
          itinerary_item_id: s.itineraryItemId,
          title: s.title,
          expense_category: s.expenseCategory?.toLowerCase() ?? null,
          category: s.category,
          user_id: s.userId,
          user_name: s.userName,
          program_id: s.programId,
          program_name: s.programName,
          loyalty_program_id: s.loyaltyProgramId,
          estimated_points: s.estimatedPoints,
          estimated_value: s.estimatedValueMinor / 100,
          currency: s.currency,
          amount: s.amountMinor / 100,
          amount_basis: s.amountBasis,
          benefits: s.benefits,
          reason: s.reason,
        })),
        shared_wallets: r.sharedWallets.map((w) => ({
          user_id: w.userId,
          name: w.name,
          programs: w.programs.map((e) => ({ program_id: e.programId, status: e.status, name: e.program?.name ?? null })),
        })),
        members_with_wallet: r.membersWithWallet,
      };
    },
  }),
  route({
    method: 'PUT',
    path: '/admin/rewards-catalog/:programId',
    access: 'admin',
    body: OverrideBody,
    handle: async (ctx, { params, body }) => ({ program: programJson(await setProgramOverride(ctx, params.programId, body)) }),
  }),
  route({
    method: 'DELETE',
    path: '/admin/rewards-catalog/:programId',
    access: 'admin',
    handle: async (ctx, { params }) => ({ program: programJson(await resetProgramOverride(ctx, params.programId)) }),
  }),
];
