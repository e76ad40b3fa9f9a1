import { z } from 'zod';
import { builder } from '../graphql/builder.js';
import { MUTATION_ERRORS } from '../graphql/errors.js';
import { displayName, preferencesOf } from './users.js';
import { cancelEmailChange, updateProfile } from './service.js';
import { canViewProfile, canViewProfileDetails, isSelfOrAdmin } from './visibility.js';
import { countryLabel } from './accountFields.js';
import type { TravelPreferences } from './preferences.js';

export const TravelPreferencesRef = builder.objectRef<TravelPreferences>('TravelPreferences').implement({
  description: 'How a traveller likes to travel: three single choices and five lists (choices in accounts/preferences.ts).',
  fields: (t) => ({
    travelFrequency: t.exposeString('travelFrequency', { nullable: true }),
    groupSize: t.exposeString('groupSize', { nullable: true }),
    budgetRange: t.exposeString('budgetRange', { nullable: true }),
    preferredDestinations: t.exposeStringList('preferredDestinations'),
    activities: t.exposeStringList('activities'),
    travelStyle: t.exposeStringList('travelStyle'),
    accommodation: t.exposeStringList('accommodation'),
    transportation: t.exposeStringList('transportation'),
  }),
});

const PREFERENCE_COLUMNS = {
  travelFrequency: true,
  groupSize: true,
  budgetRange: true,
  preferredDestinations: true,
  activities: true,
  travelStyle: true,
  accommodation: true,
  transportation: true,
} as const;

/** Private fields (address, phone) are answered only to the user themself or an administrator. */

const DETAILS = 'For the user themself, their friends and trip companions, and administrators; null for someone known only through a pending friend request.';

export const UserRef = builder.prismaNode('User', {
  id: { field: 'id' },
  // Only the columns the asked fields need are read (each field declares its own), never the
  // whole row: password hash, preference arrays and timestamps cost time to map on every list.
  select: { id: true },
  // An id that names nothing (deleted, or never existed) reads as null, not as a server error.
  nullable: true,
  description: 'A Tripcrew account and its public profile.',
  // Who may load a user at all: see accounts/visibility.ts.
  authScopes: (user, ctx) => canViewProfile(ctx, user.id),
  fields: (t) => ({
    firstName: t.exposeString('firstName'),
    lastName: t.exposeString('lastName'),
    displayName: t.string({
      description: 'First and last name, or "Traveler" when both are empty.',
      select: { firstName: true, lastName: true },
      resolve: (u) => displayName(u),
    }),
    avatarUrl: t.exposeString('avatarUrl', { nullable: true }),
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
    phone: t.string({ nullable: true, select: { phone: true }, resolve: (u, _a, ctx) => (isSelfOrAdmin(ctx.viewer, u.id) ? u.phone : null) }),
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
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

builder.queryField('viewer', (t) =>
  t.prismaField({
    type: 'User',
    nullable: true,
    description: 'The signed-in user, or null for a signed-out request.',
    resolve: (query, _root, _args, ctx) => (ctx.viewer ? ctx.deps.db.prisma.user.findUnique({ ...query, where: { id: ctx.viewer.id } }) : null),
  }),
);

const TravelPreferencesInput = builder.inputType('TravelPreferencesInput', {
  fields: (t) => ({
    travelFrequency: t.string({ required: false }),
    groupSize: t.string({ required: false }),
    budgetRange: t.string({ required: false }),
    preferredDestinations: t.stringList({ required: true }),
    activities: t.stringList({ required: true }),
    travelStyle: t.stringList({ required: true }),
    accommodation: t.stringList({ required: true }),
    transportation: t.stringList({ required: true }),
  }),
});

const shortText = z.string().max(200);

const UpdateProfileInput = builder.inputType('UpdateProfileInput', {
  description: 'The settings page: profile and travel preferences. Rules in accounts/validation.ts.',
  fields: (t) => ({
    firstName: t.string({ required: true, validate: shortText }),
    lastName: t.string({ required: true, validate: shortText }),
    email: t.string({ required: true, validate: shortText }),
    currentPassword: t.string({
      required: false,
      description: 'Needed only when `email` changes: the account password, proving it is the owner asking.',
      validate: z.string().max(200),
    }),
    phone: t.string({ required: false, validate: shortText }),
    city: t.string({ required: false, validate: shortText }),
    state: t.string({ required: false, validate: shortText }),
    country: t.string({ required: false, validate: shortText }),
    countryOther: t.string({ required: false, validate: shortText, description: 'The country as typed, needed when `country` is OTHER.' }),
    travelPreferences: t.field({ type: TravelPreferencesInput, required: true }),
  }),
});

const UpdateProfilePayload = builder.objectRef<{ userId: string; emailChangeSent: boolean }>('UpdateProfilePayload').implement({
  description: 'The profile after the change.',
  fields: (t) => ({
    emailChangeSent: t.exposeBoolean('emailChangeSent', {
      description: 'True when a new address was asked for: a confirmation link went to it, and `user.pendingEmail` holds it until then.',
    }),
    user: t.prismaField({
      type: 'User',
      resolve: (query, payload, _a, ctx) => ctx.deps.db.prisma.user.findUniqueOrThrow({ ...query, where: { id: payload.userId } }),
    }),
  }),
});

builder.mutationField('updateProfile', (t) =>
  t.field({
    type: UpdateProfilePayload,
    description: "Saves the viewer's profile and preferences. A new e-mail address takes effect once confirmed from the link sent to it.",
    authScopes: { signedIn: true },
    errors: { types: MUTATION_ERRORS, directResult: true, union: { name: 'UpdateProfileResult' } },
    args: { input: t.arg({ type: UpdateProfileInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const { user, emailChangeSent } = await updateProfile(ctx, input);
      return { userId: user.id, emailChangeSent };
    },
  }),
);

const CancelEmailChangePayload = builder.objectRef<{ userId: string }>('CancelEmailChangePayload').implement({
  description: 'The profile with no pending e-mail change.',
  fields: (t) => ({
    user: t.prismaField({
      type: 'User',
      resolve: (query, payload, _a, ctx) => ctx.deps.db.prisma.user.findUniqueOrThrow({ ...query, where: { id: payload.userId } }),
    }),
  }),
});

builder.mutationField('cancelEmailChange', (t) =>
  t.field({
    type: CancelEmailChangePayload,
    description: "Drops the viewer's pending e-mail change; links already sent stop working.",
    authScopes: { signedIn: true },
    errors: { types: MUTATION_ERRORS, directResult: true, union: { name: 'CancelEmailChangeResult' } },
    resolve: async (_root, _args, ctx) => {
      const user = await cancelEmailChange(ctx);
      return { userId: user.id };
    },
  }),
);
