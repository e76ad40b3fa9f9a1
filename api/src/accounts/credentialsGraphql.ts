import { z } from 'zod';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { builder } from '../graphql/builder.js';
import { MUTATION_ERRORS } from '../graphql/errors.js';
import { changePassword, deleteOwnAccount, type RenewedAccess } from './credentials.js';

/** Settings' "Change password" and "Delete account" (rules in accounts/credentials.ts). */

// Long enough for any password the rules accept (and a wrong one to be refused as wrong).
const passwordText = z.string().max(1000);

const ChangePasswordInput = builder.inputType('ChangePasswordInput', {
  description: "A new password for the viewer's account, proven with the current one.",
  fields: (t) => ({
    currentPassword: t.string({ required: true, description: 'The password the account has now.', validate: passwordText }),
    newPassword: t.string({
      required: true,
      description: 'The password to have from now on: the same rules as at sign-up (at least 6 characters, at most 128).',
      validate: passwordText,
    }),
    confirmPassword: t.string({
      required: false,
      description: 'The new password typed again; when sent it must match `newPassword`.',
      validate: passwordText,
    }),
  }),
});

const ChangePasswordPayload = builder.objectRef<RenewedAccess & { userId: string }>('ChangePasswordPayload').implement({
  description:
    'The password was changed and every other session of the account ended. The access token that made the request ended too: this session goes on with `accessToken`, and its refresh token keeps working.',
  fields: (t) => ({
    accessToken: t.exposeString('accessToken', { description: 'A fresh access token for this session, to send from now on.' }),
    accessTokenExpiresAt: t.int({ description: 'When `accessToken` expires, in Unix seconds.', resolve: (p) => p.expiresAt }),
    accessTokenExpiresIn: t.int({ description: 'Seconds until `accessToken` expires.', resolve: (p) => p.expiresIn }),
    user: t.prismaField({
      type: 'User',
      description: 'The account whose password changed.',
      resolve: (query, payload, _a, ctx) => ctx.deps.db.prisma.user.findUniqueOrThrow({ ...query, where: { id: payload.userId } }),
    }),
  }),
});

builder.mutationField('changePassword', (t) =>
  t.field({
    type: ChangePasswordPayload,
    description:
      "Changes the viewer's password. A wrong or missing current password, or a new one that breaks the rules, is a ValidationError naming the field. Signs out every other session at once.",
    authScopes: { signedIn: true },
    errors: {
      types: MUTATION_ERRORS,
      directResult: true,
      union: { name: 'ChangePasswordResult', description: 'The changed password and a fresh access token, or why it was not changed.' },
    },
    args: { input: t.arg({ type: ChangePasswordInput, required: true, description: 'The current and the new password.' }) },
    resolve: async (_root, { input }, ctx) => ({ ...(await changePassword(ctx, input)), userId: ctx.viewer!.id }),
  }),
);

const DeleteAccountInput = builder.inputType('DeleteAccountInput', {
  description: "The viewer's password, confirming that the account should be deleted.",
  fields: (t) => ({
    password: t.string({ required: true, description: 'The password the account has now.', validate: passwordText }),
  }),
});

const DeleteAccountPayload = builder.objectRef<{ userId: string }>('DeleteAccountPayload').implement({
  description: 'The account is deleted and every session of it has ended; the client should forget its tokens.',
  fields: (t) => ({
    deletedUserId: t.id({ description: 'Global id of the deleted User.', resolve: (p) => encodeGlobalID('User', p.userId) }),
  }),
});

builder.mutationField('deleteAccount', (t) =>
  t.field({
    type: DeleteAccountPayload,
    description:
      "Deletes the viewer's account for good. Its personal data goes; expenses, splits and settlements that name it stay under a 'Deleted user' placeholder so balances still add up; each trip it owns passes to its longest-standing member, or is deleted when it has none. A wrong or missing password is a ValidationError on `password`.",
    authScopes: { signedIn: true },
    errors: {
      types: MUTATION_ERRORS,
      directResult: true,
      union: { name: 'DeleteAccountResult', description: 'The deleted account, or why it was not deleted.' },
    },
    args: { input: t.arg({ type: DeleteAccountInput, required: true, description: 'The password, proving it is the owner asking.' }) },
    resolve: (_root, { input }, ctx) => deleteOwnAccount(ctx, input),
  }),
);
