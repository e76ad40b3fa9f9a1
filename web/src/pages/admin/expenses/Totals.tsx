import { Text } from '@mantine/core';
import { money } from '../trips/adminList';

/**
 * "EUR 1,026.54" as its code and its number: a line may break between the two, never inside the
 * number (in a phone's half-width card it broke as "EUR 1,026.5" over "4").
 */
function Amount({ amount, currency }: { amount: string; currency: string }) {
  const text = money(amount, currency);
  const at = text.search(/\d/);
  if (at <= 0) return <span style={{ whiteSpace: 'nowrap' }}>{text}</span>;
  return (
    <>
      {text.slice(0, at).trim()} <span style={{ whiteSpace: 'nowrap' }}>{text.slice(at)}</span>
    </>
  );
}

/** Sums per currency, one line each (never added across currencies), small enough for a phone's card. */
export function Totals({ totals }: { totals: readonly { currency: string; amount: string }[] }) {
  if (!totals.length) return <>0</>;
  return (
    <>
      {totals.map((t) => (
        <Text key={t.currency} span display="block" fz="lg" fw={700}>
          <Amount amount={t.amount} currency={t.currency} />
        </Text>
      ))}
    </>
  );
}

export const categoryText = (c: string) => c.charAt(0).toUpperCase() + c.slice(1);
