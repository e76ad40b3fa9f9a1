import { Text } from '@mantine/core';
import { money } from '../trips/adminList';

/** Sums per currency, one line each (never added across currencies), small enough for a phone's card. */
export function Totals({ totals }: { totals: readonly { currency: string; amount: string }[] }) {
  if (!totals.length) return <>0</>;
  return (
    <>
      {totals.map((t) => (
        <Text key={t.currency} span display="block" fz="lg" fw={700} style={{ overflowWrap: 'break-word' }}>
          {money(t.amount, t.currency)}
        </Text>
      ))}
    </>
  );
}

export const categoryText = (c: string) => c.charAt(0).toUpperCase() + c.slice(1);
