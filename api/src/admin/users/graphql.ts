import { encodeGlobalID } from '@pothos/plugin-relay';
import { builder } from '../../graphql/builder.js';
import { MUTATION_ERRORS } from '../../graphql/errors.js';
import { UserRef, userPayload } from '../../accounts/graphql.js';
import { PREFERENCE_COLUMNS } from '../../accounts/preferences.js';
import { AdminRef } from '../graphql.js';
import { ACTIVE_USER_WINDOW_HOURS, ADMIN_USER_COUNTRIES } from './messages.js';
import { adminDeleteUser, adminUpdateUser, adminUserStats, adminUsersWhere, hasPreferences, USERS_ORDER, type AdminUserStats } from './service.js';

const AdminUserStatsRef = builder.objectRef<AdminUserStats>('AdminUserStats').implement({
  description: "The users tab's four cards, over every account whatever the filters.",
  fields: (t) => ({
    totalUsers: t.exposeInt('totalUsers', { description: 'Accounts (deleted accounts are not counted).' }),
    newThisMonth: t.exposeInt('newThisMonth', { description: 'Accounts created since the first day of the current month (UTC).' }),
    activeUsers: t.exposeInt('activeUsers', { description: `Accounts created within the last ${ACTIVE_USER_WINDOW_HOURS} hours.` }),
    usersWithPreferences: t.exposeInt('usersWithPreferences', { description: 'Accounts with any travel preference filled in.' }),
  }),
});

builder.prismaObjectFields('User', (t) => ({
  preferencesConfigured: t.boolean({
    nullable: true,
    description: 'Whether any travel preference is filled in (the users tab\'s "Configured" / "Not Set"). The user themself and administrators only.',
    select: PREFERENCE_COLUMNS,
    resolve: (u, _a, ctx) => (ctx.viewer && (ctx.viewer.isAdmin || ctx.viewer.id === u.id) ? hasPreferences(u) : null),
  }),
}));

builder.objectFields(AdminRef, (t) => ({
  users: t.prismaConnection(
    {
      type: 'User',
      cursor: 'id',
      description: 'Every account, newest first, searched and filtered on the server.',
      args: {
        search: t.arg.string({ required: false, description: 'Matches part of the first name, last name, city or state (any case).' }),
        country: t.arg.string({ required: false, description: 'A country code of the sign-up list; absent for all countries.' }),
      },
      totalCount: (_p, args, ctx) => ctx.deps.db.prisma.user.count({ where: adminUsersWhere(ctx, args) }),
      resolve: (query, _p, args, ctx) => ctx.deps.db.prisma.user.findMany({ ...query, where: adminUsersWhere(ctx, args), orderBy: USERS_ORDER }),
    },
    {
      description: 'A page of users.',
      fields: (c) => ({
        // Pothos adds the count; declared here too so that clients read what it means.
        totalCount: c.int({
          description: 'How many users match the filters in all (every page together).',
          extensions: { pothosPrismaTotalCount: true },
          resolve: (parent) => (parent as unknown as { totalCount: () => Promise<number> }).totalCount(),
        }),
      }),
    },
    { description: 'One user with its cursor.' },
  ),
  userStats: t.field({
    type: AdminUserStatsRef,
    description: "The users tab's cards.",
    resolve: (_p, _a, ctx) => adminUserStats(ctx),
  }),
  userCountries: t.stringList({
    description: "The country filter's and edit form's choices: the one sign-up list of codes.",
    resolve: () => [...ADMIN_USER_COUNTRIES],
  }),
}));

const mutation = (name: string, union: string) => ({
  authScopes: { admin: true } as const,
  errors: { types: MUTATION_ERRORS, directResult: true as const, union: { name, description: union } },
});

const AdminUpdateUserInput = builder.inputType('AdminUpdateUserInput', {
  description: "The edit modal's fields, a partial update: a field left out keeps its value. Text is trimmed; a refusal names every field at fault.",
  fields: (t) => ({
    id: t.globalID({ required: true, for: UserRef, description: 'The user to edit.' }),
    firstName: t.string({ required: false, description: 'Absent keeps it; it cannot be cleared.' }),
    lastName: t.string({ required: false, description: 'Absent keeps it; it cannot be cleared.' }),
    city: t.string({ description: 'Absent keeps it; null or blank clears it.' }),
    state: t.string({ description: 'Absent keeps it; null or blank clears it.' }),
    country: t.string({ description: 'A code of the sign-up list (US, CA, GB, ...); absent keeps it; null or blank clears it.' }),
    countryOther: t.string({ description: "The country's name when `country` is OTHER; absent keeps the stored one while the country stays OTHER." }),
  }),
});

const AdminUpdateUserPayload = userPayload('AdminUpdateUserPayload', 'The user as edited.', 'The user after the edit.');

builder.mutationField('adminUpdateUser', (t) =>
  t.field({
    type: AdminUpdateUserPayload,
    ...mutation('AdminUpdateUserResult', 'The edited user, or why it was not changed.'),
    description: "Edits a user's name and location. Administrators only; recorded in the audit log.",
    args: { input: t.arg({ type: AdminUpdateUserInput, required: true, description: 'The user and the fields as they should be.' }) },
    resolve: async (_r, { input }, ctx) => {
      const user = await adminUpdateUser(ctx, input.id.id, input);
      return { userId: user.id };
    },
  }),
);

const AdminDeleteUserInput = builder.inputType('AdminDeleteUserInput', {
  description: 'The user to delete.',
  fields: (t) => ({ id: t.globalID({ required: true, for: UserRef, description: 'The user, by its global id.' }) }),
});

const AdminDeleteUserPayload = builder
  .objectRef<{ deletedUserId: string; tripsPassedOn: unknown[]; tripsDeleted: string[] }>('AdminDeleteUserPayload')
  .implement({
    description: 'What the deletion did.',
    fields: (t) => ({
      deletedUserId: t.id({ description: 'Global id of the deleted user, for @deleteEdge.', resolve: (p) => encodeGlobalID('User', p.deletedUserId) }),
      tripsPassedOnCount: t.int({ description: 'Trips handed to their longest-standing member.', resolve: (p) => p.tripsPassedOn.length }),
      tripsDeletedCount: t.int({ description: 'Trips deleted for want of another member.', resolve: (p) => p.tripsDeleted.length }),
    }),
  });

builder.mutationField('adminDeleteUser', (t) =>
  t.field({
    type: AdminDeleteUserPayload,
    ...mutation('AdminDeleteUserResult', 'What the deletion did, or why it did not happen.'),
    description:
      "Deletes an account by the rule self-deletion follows: personal data goes, owned trips pass to their longest-standing member (or are deleted), ledger rows stay under 'Deleted user'. Administrators only; recorded in the audit log.",
    args: { input: t.arg({ type: AdminDeleteUserInput, required: true, description: 'The user to delete.' }) },
    resolve: (_r, { input }, ctx) => adminDeleteUser(ctx, input.id.id),
  }),
);
