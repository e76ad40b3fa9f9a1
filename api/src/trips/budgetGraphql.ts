import { builder } from '../graphql/builder.js';
import { MUTATION_ERRORS } from '../graphql/errors.js';
import { TripPayload, TripRef } from './graphql.js';
import { setTripBudget } from './budget.js';
import { TRIP_CURRENCIES } from './messages.js';

const SetTripBudgetInput = builder.inputType('SetTripBudgetInput', {
  description: "The trip's one budget (rules in trips/budget.ts). A refusal names every field at fault.",
  fields: (t) => ({
    tripId: t.globalID({ required: true, for: TripRef, description: 'The trip; any of its members may set its budget.' }),
    amount: t.string({
      required: true,
      description: 'Decimal text in major units, at least 0, with no more decimals than the currency has (e.g. "1250.50"); "0" means no budget.',
    }),
    currency: t.string({
      required: true,
      description: `ISO 4217 code, one of ${TRIP_CURRENCIES.join(', ')}. It is the trip's currency from then on (balances are settled in it).`,
    }),
  }),
});

builder.mutationField('setTripBudget', (t) =>
  t.field({
    type: TripPayload,
    description: "Sets the trip's budget and currency (`Trip.budget`); members watching the trip see it live.",
    authScopes: { signedIn: true },
    errors: {
      types: MUTATION_ERRORS,
      directResult: true,
      union: { name: 'SetTripBudgetResult', description: "The trip with its new budget, or why it was not set ('Please enter a valid budget amount')." },
    },
    args: { input: t.arg({ type: SetTripBudgetInput, required: true, description: 'The trip, the amount and its currency.' }) },
    resolve: async (_r, { input }, ctx) => ({ tripId: (await setTripBudget(ctx, input.tripId.id, input)).id }),
  }),
);
