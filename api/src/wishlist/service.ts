import { z } from 'zod';
import type { RequestContext } from '../platform/context.js';
import { requireViewer } from '../platform/context.js';
import { ConflictError, NotFoundError } from '../platform/errors.js';
import { parseInput } from '../platform/validation.js';
import { WISHLIST_KINDS, WISHLIST_LIMITS as L, WishlistMessages as M } from './messages.js';

/**
 * Each traveller's wishlist: destinations from explore, hotels, plans and guides saved for later.
 * Saving the same thing twice keeps one entry (kind + key are unique per traveller).
 */
const text = (required: string) => z.string({ error: required }).trim().min(1, required).max(L.text, M.tooLong);
export const WishlistInput = z.object({
  kind: z.enum(WISHLIST_KINDS, { error: M.kindInvalid }),
  itemKey: text(M.keyRequired),
  title: text(M.titleRequired),
  subtitle: z
    .string()
    .trim()
    .max(L.text, M.tooLong)
    .nullish()
    .transform((v) => v || null),
  url: z
    .string()
    .trim()
    .max(L.url, M.urlInvalid)
    .refine((v) => (v.startsWith('/') && !v.startsWith('//')) || /^https?:\/\/[^\s]+$/i.test(v), M.urlInvalid)
    .nullish()
    .transform((v) => v || null),
});
export type WishlistItemInput = z.input<typeof WishlistInput>;

const SELECT = { id: true, kind: true, itemKey: true, title: true, subtitle: true, url: true, createdAt: true } as const;

export async function saveToWishlist(ctx: RequestContext, raw: WishlistItemInput) {
  const viewer = requireViewer(ctx);
  const input = parseInput(WishlistInput, raw);
  const db = ctx.deps.db.prisma;
  const count = await db.wishlistItem.count({ where: { userId: viewer.id } });
  if (count >= L.items) {
    const existing = await db.wishlistItem.findUnique({
      where: { userId_kind_itemKey: { userId: viewer.id, kind: input.kind, itemKey: input.itemKey } },
      select: SELECT,
    });
    if (existing) return existing;
    throw new ConflictError(M.full);
  }
  return db.wishlistItem.upsert({
    where: { userId_kind_itemKey: { userId: viewer.id, kind: input.kind, itemKey: input.itemKey } },
    create: { ...input, userId: viewer.id },
    update: { title: input.title, subtitle: input.subtitle, url: input.url },
    select: SELECT,
  });
}

/** Removes one of the viewer's own entries; someone else's is not found. */
export async function removeFromWishlist(ctx: RequestContext, id: string) {
  const viewer = requireViewer(ctx);
  if (!z.uuid().safeParse(id).success) throw new NotFoundError(M.notFound);
  const { count } = await ctx.deps.db.prisma.wishlistItem.deleteMany({ where: { id, userId: viewer.id } });
  if (!count) throw new NotFoundError(M.notFound);
  return { id };
}

/** The viewer's wishlist, newest first, a page at a time (`after`: the last id of the previous page). */
export async function listWishlist(ctx: RequestContext, opts: { first?: number | null; after?: string | null; kind?: string | null } = {}) {
  const viewer = requireViewer(ctx);
  const take = Math.min(Math.max(opts.first ?? 50, 1), 100);
  const kind = opts.kind && (WISHLIST_KINDS as readonly string[]).includes(opts.kind) ? opts.kind : undefined;
  const after = opts.after && z.uuid().safeParse(opts.after).success ? opts.after : undefined;
  const rows = await ctx.deps.db.prisma.wishlistItem.findMany({
    where: { userId: viewer.id, ...(kind ? { kind } : {}) },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: take + 1,
    ...(after ? { cursor: { id: after }, skip: 1 } : {}),
    select: SELECT,
  });
  return { items: rows.slice(0, take), hasNextPage: rows.length > take };
}
