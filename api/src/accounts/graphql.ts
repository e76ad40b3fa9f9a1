import { z } from 'zod';
import { builder } from '../graphql/builder.js';
import { MUTATION_ERRORS } from '../graphql/errors.js';
import { displayName, preferencesOf } from './users.js';
import { cancelEmailChange, updateProfile } from './service.js';
import { canViewProfile, canViewProfileDetails, isSelfOrAdmin } from './visibility.js';
import { countryLabel } from './accountFields.js';
import { MULTI_CHOICE_GROUPS, PREFERENCE_COLUMNS, SIGNUP_COUNTRIES, SINGLE_CHOICE_GROUPS, type TravelPreferences } from './preferences.js';

/** A list of choices for a description: "A", "B" or "C". */
const choices = (list: readonly string[]) => {
  const quoted = list.map((c) => `"${c}"`);
  return `${quoted.slice(0, -1).join(', ')} or ${quoted[quoted.length - 1]}`;
};
const { travelFrequency: FREQUENCY, groupSize: GROUP_SIZE, budgetRange: BUDGET } = SINGLE_CHOICE_GROUPS;
const {
  preferredDestinations: DESTINATIONS,
  activities: ACTIVITIES,
  travelStyle: STYLE,
  accommodation: STAYS,
  transportation: TRANSPORT,
} = MULTI_CHOICE_GROUPS;

export const TravelPreferencesRef = builder.objectRef<TravelPreferences>('TravelPreferences').implement({
  description: 'How a traveller likes to travel: three single choices and five lists (choices in accounts/preferences.ts).',
  fields: (t) => ({
    travelFrequency: t.exposeString('travelFrequency', { nullable: true, description: `How often they travel: ${choices(FREQUENCY)}; null when not said.` }),
    groupSize: t.exposeString('groupSize', { nullable: true, description: `The group they usually travel with: ${choices(GROUP_SIZE)}; null when not said.` }),
    budgetRange: t.exposeString('budgetRange', { nullable: true, description: `What a trip usually costs them: ${choices(BUDGET)}; null when not said.` }),
    preferredDestinations: t.exposeStringList('preferredDestinations', { description: `Kinds of places they like, any of ${choices(DESTINATIONS)}.` }),
    activities: t.exposeStringList('activities', { description: `What they like doing, any of ${choices(ACTIVITIES)}.` }),
    travelStyle: t.exposeStringList('travelStyle', { description: `How they like to travel, any of ${choices(STYLE)}.` }),
    accommodation: t.exposeStringList('accommodation', { description: `Where they like to stay, any of ${choices(STAYS)}.` }),
    transportation: t.exposeStringList('transportation', { description: `How they like to get around, any of ${choices(TRANSPORT)}.` }),
  }),
});

/** Private fields (address, phone) are answered only to the user themself or an administrator. */

const DETAILS = 'For the user themself, their friends and trip companions, and administrators; null for someone known only through a pending friend request.';

/** A user's profile card: what any list of people shows (see UserRef). */
const PROFILE_CARD = { id: true, firstName: true, lastName: true, avatarUrl: true } as const;

export const UserRef = builder.prismaNode('User', {
  id: { field: 'id' },
  // Only the columns the asked fields need are read (each field declares its own), never the
  // whole row: password hash, preference arrays and timestamps cost time to map on every list.
  // The profile card (name and picture, shown wherever a person appears) is always read, so
  // those fields are plain reads: a user handed over by a loader of its own (a trip's members,
  // trips/people.ts) answers them without Prisma loading the row again.
  select: PROFILE_CARD,
  // An id that names nothing (deleted, or never existed) reads as null, not as a server error.
  nullable: true,
  description: 'A Tripcrew account and its public profile.',
  // Who may load a user at all: see accounts/visibility.ts.
  authScopes: (user, ctx) => canViewProfile(ctx, user.id),
  // Checked once per person rather than once per field (a page of trips lists hundreds of people).
  runScopesOnType: true,
  fields: (t) => ({
    firstName: t.string({ description: 'Given name.', resolve: (u) => u.firstName }),
    lastName: t.string({ description: 'Family name.', resolve: (u) => u.lastName }),
    displayName: t.string({
      description: 'First and last name, or "Traveler" when both are empty.',
      resolve: (u) => displayName(u),
    }),
    avatarUrl: t.string({
      nullable: true,
      description: 'Address of their picture; null when they have none (show their initials).',
      resolve: (u) => u.avatarUrl,
    }),
    email: t.string({
      nullable: true,
      description: 'Only for the user themself and administrators.',
      select: { email: true },
      resolve: (u, _a, ctx) => (isSelfOrAdmin(ctx.viewer, u.id) ? u.email : null),
    }),
    pendingEmail: t.string({
      nullable: true,
      description: 'A new address asked for in Settings and not confirmed yet (only for the user themself and administrators).',
      select: { pendingEmail: true },
      resolve: (u, _a, ctx) => (isSelfOrAdmin(ctx.viewer, u.id) ? u.pendingEmail : null),
    }),
    phone: t.string({
      nullable: true,
      description: 'Only for the user themself and administrators; null for anyone else, or when not given.',
      select: { phone: true },
      resolve: (u, _a, ctx) => (isSelfOrAdmin(ctx.viewer, u.id) ? u.phone : null),
    }),
    city: t.string({
      nullable: true,
      description: DETAILS,
      select: { city: true },
      resolve: async (u, _a, ctx) => ((await canViewProfileDetails(ctx, u.id)) ? u.city : null),
    }),
    state: t.string({
      nullable: true,
      description: DETAILS,
      select: { state: true },
      resolve: async (u, _a, ctx) => ((await canViewProfileDetails(ctx, u.id)) ? u.state : null),
    }),
    country: t.string({
      nullable: true,
      description: DETAILS,
      select: { country: true },
      resolve: async (u, _a, ctx) => ((await canViewProfileDetails(ctx, u.id)) ? u.country : null),
    }),
    countryOther: t.string({
      nullable: true,
      description: `The country's name as typed when \`country\` is OTHER. ${DETAILS}`,
      select: { countryOther: true },
      resolve: async (u, _a, ctx) => ((await canViewProfileDetails(ctx, u.id)) ? u.countryOther : null),
    }),
    countryName: t.string({
      nullable: true,
      description: `The country in words, for display: the name typed in when the country is OTHER, else the English name of the code. ${DETAILS}`,
      select: { country: true, countryOther: true },
      resolve: async (u, _a, ctx) => ((await canViewProfileDetails(ctx, u.id)) ? countryLabel(u.country, u.countryOther) : null),
    }),
    isAdmin: t.boolean({
      description: 'Told only to the user themself and administrators; false for anyone else.',
      select: { role: true },
      resolve: (u, _a, ctx) => isSelfOrAdmin(ctx.viewer, u.id) && u.role === 'ADMIN',
    }),
    emailVerified: t.boolean({
      nullable: true,
      description: 'Only for the user themself and administrators.',
      select: { emailVerifiedAt: true },
      resolve: (u, _a, ctx) => (isSelfOrAdmin(ctx.viewer, u.id) ? u.emailVerifiedAt !== null : null),
    }),
    preferencesSkipped: t.boolean({
      nullable: true,
      description: 'Only for the user themself and administrators.',
      select: { preferencesSkipped: true },
      resolve: (u, _a, ctx) => (isSelfOrAdmin(ctx.viewer, u.id) ? u.preferencesSkipped : null),
    }),
    travelPreferences: t.field({
      type: TravelPreferencesRef,
      nullable: true,
      description: DETAILS,
      select: PREFERENCE_COLUMNS,
      resolve: async (u, _a, ctx) => ((await canViewProfileDetails(ctx, u.id)) ? preferencesOf(u) : null),
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When the account was created.' }),
  }),
});

builder.queryField('viewer', (t) =>
  t.prismaField({
    type: 'User',
    nullable: true,
    description: 'The signed-in user, or null for a signed-out request.',
    resolve: (query, _root, _args, ctx) => {
      if (!ctx.viewer) return null;
      // A screen that asks only for what the access check read (name, picture, address, and
      // fields resolved on their own) is answered from it: no second read of the same row.
      const card = ctx.viewer.card;
      if (card && !('include' in query) && Object.entries(query.select ?? {}).every(([column, v]) => v === true && column in card)) {
        return card as unknown as Awaited<ReturnType<typeof ctx.deps.db.prisma.user.findUniqueOrThrow>>;
      }
      return ctx.deps.db.prisma.user.findUnique({ ...query, where: { id: ctx.viewer.id } });
    },
  }),
);

const TravelPreferencesInput = builder.inputType('TravelPreferencesInput', {
  description: 'Travel preferences, saved as a whole: each single choice one of its values or absent, each list any of its values (empty for none).',
  fields: (t) => ({
    travelFrequency: t.string({ required: false, description: `One of ${choices(FREQUENCY)}; absent for none.` }),
    groupSize: t.string({ required: false, description: `One of ${choices(GROUP_SIZE)}; absent for none.` }),
    budgetRange: t.string({ required: false, description: `One of ${choices(BUDGET)}; absent for none.` }),
    preferredDestinations: t.stringList({ required: true, description: `Any of ${choices(DESTINATIONS)}.` }),
    activities: t.stringList({ required: true, description: `Any of ${choices(ACTIVITIES)}.` }),
    travelStyle: t.stringList({ required: true, description: `Any of ${choices(STYLE)}.` }),
    accommodation: t.stringList({ required: true, description: `Any of ${choices(STAYS)}.` }),
    transportation: t.stringList({ required: true, description: `Any of ${choices(TRANSPORT)}.` }),
  }),
});

const shortText = z.string().max(200);

const UpdateProfileInput = builder.inputType('UpdateProfileInput', {
  description: 'The settings page: profile and travel preferences. Rules in accounts/validation.ts.',
  fields: (t) => ({
    firstName: t.string({ required: true, validate: shortText, description: 'Given name; not empty.' }),
    lastName: t.string({ required: true, validate: shortText, description: 'Family name; not empty.' }),
    email: t.string({
      required: true,
      validate: shortText,
      description:
        "The account's address. A new one is not changed at once: it needs `currentPassword`, and takes effect once confirmed from the link sent to it (see `UpdateProfilePayload.emailChangeSent`).",
    }),
    currentPassword: t.string({
      required: false,
      description: 'Needed only when `email` changes: the account password, proving it is the owner asking.',
      validate: z.string().max(200),
    }),
    phone: t.string({
      required: false,
      validate: shortText,
      description: 'Digits, spaces and + ( ) . -, 5 to 30 characters; absent or empty for none. Only the user and administrators see it.',
    }),
    city: t.string({ required: false, validate: shortText, description: 'Home city; friends and trip companions see it.' }),
    state: t.string({ required: false, validate: shortText, description: 'State or region; friends and trip companions see it.' }),
    country: t.string({ required: false, validate: shortText, description: `One of ${choices(SIGNUP_COUNTRIES)}; OTHER needs \`countryOther\`.` }),
    countryOther: t.string({ required: false, validate: shortText, description: 'The country as typed, needed when `country` is OTHER.' }),
    travelPreferences: t.field({ type: TravelPreferencesInput, required: true, description: 'The travel preferences, replaced as a whole.' }),
  }),
});

/**
 * A mutation's payload that answers with the user it changed: its `user` field reads them afresh
 * after the change, with just what the client selects. Every such payload (the profile's, the
 * console's edit) is made here; `T` carries any further fields the payload adds.
 */
export function userPayload<T extends { userId: string } = { userId: string }>(name: string, description: string, userDescription: string) {
  return builder.objectRef<T>(name).implement({
    description,
    fields: (t) => ({
      user: t.prismaField({
        type: 'User',
        description: userDescription,
        resolve: (query, payload, _a, ctx) => ctx.deps.db.prisma.user.findUniqueOrThrow({ ...query, where: { id: payload.userId } }),
      }),
    }),
  });
}

const UpdateProfilePayload = userPayload<{ userId: string; emailChangeSent: boolean }>(
  'UpdateProfilePayload',
  'The profile after the change.',
  'The profile as saved.',
);
builder.objectField(UpdateProfilePayload, 'emailChangeSent', (t) =>
  t.exposeBoolean('emailChangeSent', {
    description: 'True when a new address was asked for: a confirmation link went to it, and `user.pendingEmail` holds it until then.',
  }),
);

builder.mutationField('updateProfile', (t) =>
  t.field({
    type: UpdateProfilePayload,
    description: "Saves the viewer's profile and preferences. A new e-mail address takes effect once confirmed from the link sent to it.",
    authScopes: { signedIn: true },
    errors: { types: MUTATION_ERRORS, directResult: true, union: { name: 'UpdateProfileResult', description: 'The saved profile, or why it was not saved.' } },
    args: { input: t.arg({ type: UpdateProfileInput, required: true, description: 'The whole profile as it should be.' }) },
    resolve: async (_root, { input }, ctx) => {
      const { user, emailChangeSent } = await updateProfile(ctx, input);
      return { userId: user.id, emailChangeSent };
    },
  }),
);

const CancelEmailChangePayload = userPayload(
  'CancelEmailChangePayload',
  'The profile with no pending e-mail change.',
  'The profile, with `pendingEmail` null.',
);

builder.mutationField('cancelEmailChange', (t) =>
  t.field({
    type: CancelEmailChangePayload,
    description: "Drops the viewer's pending e-mail change; links already sent stop working.",
    authScopes: { signedIn: true },
    errors: {
      types: MUTATION_ERRORS,
      directResult: true,
      union: { name: 'CancelEmailChangeResult', description: 'The profile without a pending address, or why the change could not be dropped.' },
    },
    resolve: async (_root, _args, ctx) => {
      const user = await cancelEmailChange(ctx);
      return { userId: user.id };
    },
  }),
);
