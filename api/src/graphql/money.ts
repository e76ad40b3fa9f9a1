import { currencyExponent, formatMoneyDecimal } from '../platform/money.js';
import { builder } from './builder.js';

/** What a resolver returns for a Money field (see platform/money.ts). */
export interface MoneyShape {
  amountCents: number;
  currency: string;
}

/** The one Money type of the schema: every amount of every domain is one of these. */
export const MoneyRef = builder.objectRef<MoneyShape>('Money').implement({
  description: 'An amount of money: an integer of minor units of an ISO 4217 currency, never a float.',
  fields: (t) => ({
    amountCents: t.exposeInt('amountCents', {
      description: 'Minor units of `currency` (cents for USD; yen for JPY, which has none smaller; fils for KWD).',
    }),
    currency: t.exposeString('currency', { description: 'ISO 4217 code, e.g. "USD".' }),
    amount: t.string({
      description: 'Decimal text in major units with the currency\'s own number of decimals: "1250.50" USD, "1250" JPY.',
      resolve: (m) => formatMoneyDecimal(m.amountCents, m.currency),
    }),
    decimals: t.int({ description: 'How many decimals the currency has (2 for USD, 0 for JPY, 3 for KWD).', resolve: (m) => currencyExponent(m.currency) }),
  }),
});
