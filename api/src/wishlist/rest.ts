import { z } from 'zod';
import { route } from '../rest/kit.js';
import { listWishlist, removeFromWishlist, saveToWishlist } from './service.js';

type Item = Awaited<ReturnType<typeof saveToWishlist>>;
const itemJson = (i: Item) => ({
  id: i.id,
  kind: i.kind,
  item_key: i.itemKey,
  title: i.title,
  subtitle: i.subtitle,
  url: i.url,
  created_at: i.createdAt.toISOString(),
});

const SaveBody = z.object({ kind: z.unknown(), item_key: z.unknown(), title: z.unknown(), subtitle: z.unknown().optional(), url: z.unknown().optional() });

export const wishlistRoutes = [
  route({
    method: 'GET',
    path: '/wishlist',
    access: 'signedIn',
    handle: async (ctx, { query }) => {
      const page = await listWishlist(ctx, { first: Number(query.limit) || null, after: query.cursor ?? null, kind: query.kind ?? null });
      return { items: page.items.map(itemJson), next_cursor: page.hasNextPage ? page.items.at(-1)!.id : null };
    },
  }),
  route({
    method: 'POST',
    path: '/wishlist',
    access: 'signedIn',
    status: 201,
    body: SaveBody,
    handle: async (ctx, { body }) => ({
      item: itemJson(
        await saveToWishlist(ctx, {
          kind: body.kind as never,
          itemKey: body.item_key as string,
          title: body.title as string,
          subtitle: body.subtitle as string,
          url: body.url as string,
        }),
      ),
    }),
  }),
  route({
    method: 'DELETE',
    path: '/wishlist/:id',
    access: 'signedIn',
    handle: async (ctx, { params }) => {
      await removeFromWishlist(ctx, params.id!);
      return { success: true };
    },
  }),
];
