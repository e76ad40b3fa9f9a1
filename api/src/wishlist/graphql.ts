import { builder } from '../graphql/builder.js';
import { MUTATION_ERRORS } from '../graphql/errors.js';
import { WISHLIST_KINDS, WISHLIST_LIMITS as L } from './messages.js';
import { removeFromWishlist, saveToWishlist } from './service.js';

type Item = Awaited<ReturnType<typeof saveToWishlist>>;

const WishlistKindEnum = builder.enumType('WishlistKind', {
  description: 'What kind of thing was saved.',
  values: {
    destination: { description: 'An explore destination (key: its id, e.g. "bali").' },
    guide: { description: 'A city guide (key: its slug).' },
    hotel: { description: 'A hotel from a guide (key: "{guide}:{hotel name}").' },
    plan: { description: 'A sample itinerary (key: "{guide}:{plan key}").' },
    place: { description: 'A place from a story or elsewhere (any stable key).' },
  } as const,
});

const WishlistItemRef = builder.objectRef<Item>('WishlistItem').implement({
  description: 'Something the viewer saved for later.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The entry’s id (for removeFromWishlist).' }),
    kind: t.field({ type: WishlistKindEnum, description: 'What kind of thing it is.', resolve: (i) => i.kind as (typeof WISHLIST_KINDS)[number] }),
    itemKey: t.exposeString('itemKey', { description: 'Which thing of its kind; saving the same kind and key again keeps one entry.' }),
    title: t.exposeString('title', { description: 'What to call it.' }),
    subtitle: t.exposeString('subtitle', { nullable: true, description: 'A second line, such as the country.' }),
    url: t.exposeString('url', { nullable: true, description: 'Where to open it again: a path of this site or a partner’s address.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was saved.' }),
  }),
});

const SaveInput = builder.inputType('SaveToWishlistInput', {
  description: 'Something to save (rules in wishlist/service.ts, shared with the REST call).',
  fields: (t) => ({
    kind: t.field({ type: WishlistKindEnum, required: true, description: 'What kind of thing it is.' }),
    itemKey: t.string({ required: true, description: `Which thing of its kind, at most ${L.text} characters.` }),
    title: t.string({ required: true, description: `What to call it, at most ${L.text} characters.` }),
    subtitle: t.string({ description: `A second line, at most ${L.text} characters.` }),
    url: t.string({ description: 'A path of this site ("/guides/paris") or an http(s) address.' }),
  }),
});

const WishlistItemPayload = builder.objectRef<{ item: Item }>('WishlistItemPayload').implement({
  description: 'The saved entry.',
  fields: (t) => ({ item: t.field({ type: WishlistItemRef, description: 'The entry, new or as it was.', resolve: (p) => p.item }) }),
});

builder.mutationField('saveToWishlist', (t) =>
  t.field({
    type: WishlistItemPayload,
    description: 'Saves something to the viewer’s wishlist (once per kind and key). Signed-in users only.',
    authScopes: { signedIn: true },
    errors: { types: MUTATION_ERRORS, directResult: true, union: { name: 'SaveToWishlistResult', description: 'Saved, or why not.' } },
    args: { input: t.arg({ type: SaveInput, required: true, description: 'What to save.' }) },
    resolve: async (_r, { input }, ctx) => ({ item: await saveToWishlist(ctx, input) }),
  }),
);

const RemoveInput = builder.inputType('RemoveFromWishlistInput', {
  description: 'An entry of the viewer’s own wishlist.',
  fields: (t) => ({ id: t.id({ required: true, description: 'The entry’s id.' }) }),
});

const RemovePayload = builder.objectRef<{ id: string }>('RemoveFromWishlistPayload').implement({
  description: 'The entry is gone.',
  fields: (t) => ({ removedId: t.exposeID('id', { description: 'The id of the removed entry.' }) }),
});

builder.mutationField('removeFromWishlist', (t) =>
  t.field({
    type: RemovePayload,
    description: 'Removes one of the viewer’s own wishlist entries; anyone else’s is not found. Signed-in users only.',
    authScopes: { signedIn: true },
    errors: { types: MUTATION_ERRORS, directResult: true, union: { name: 'RemoveFromWishlistResult', description: 'Removed, or why not.' } },
    args: { input: t.arg({ type: RemoveInput, required: true, description: 'Which entry.' }) },
    resolve: (_r, { input }, ctx) => removeFromWishlist(ctx, String(input.id)),
  }),
);
