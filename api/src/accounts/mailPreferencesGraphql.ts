import { builder } from '../graphql/builder.js';
import { MUTATION_ERRORS } from '../graphql/errors.js';
import { userPayload } from './graphql.js';
import { setPollEmails } from './mailPreferences.js';
import { isSelfOrAdmin } from './visibility.js';

builder.prismaObjectFields('User', (t) => ({
  emailPolls: t.boolean({
    nullable: true,
    description:
      '"E-mail me about polls": a new poll on their trips, a reminder before one closes while they have not answered, and its result also come by e-mail. Off unless turned on; only for the user themself and administrators (null for anyone else).',
    select: { emailPolls: true },
    resolve: (u, _a, ctx) => (isSelfOrAdmin(ctx.viewer, u.id) ? u.emailPolls : null),
  }),
}));

const SetPollEmailsPayload = userPayload(
  'SetPollEmailsPayload',
  'The account after the poll e-mail preference changed.',
  'The user, with `emailPolls` as saved.',
);

builder.mutationField('setPollEmails', (t) =>
  t.field({
    type: SetPollEmailsPayload,
    description: 'Turns the viewer’s "E-mail me about polls" on or off (in-app notices come either way).',
    authScopes: { signedIn: true },
    errors: {
      types: MUTATION_ERRORS,
      directResult: true,
      union: { name: 'SetPollEmailsResult', description: 'The saved preference, or why it was not saved.' },
    },
    args: { on: t.arg.boolean({ required: true, description: 'True to get poll e-mails.' }) },
    resolve: async (_root, { on }, ctx) => {
      await setPollEmails(ctx, on);
      return { userId: ctx.viewer!.id };
    },
  }),
);
