/** Spending by category: a donut chart (a picture of its legend) and the legend, which is what is read. */
import { Box, ColorSwatch, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { graphql, useFragment } from 'react-relay';
import type { CategoryPanel_ledger$key } from '../../__generated__/CategoryPanel_ledger.graphql';
import { formatMoneyDecimal } from '../../platform/domain';
import { formatMoney } from '../trips/format';
import { WhenNear } from '../../components/WhenNear';
import { CATEGORY_LABELS, type Category } from './expenseForm';

const CategoryDonut = lazy(() => import('./CategoryDonut'));
/** The chart's square while its code is on the way. */
const donutPlaceholder = <Box w={168} h={168} />;

const Fragment = graphql`
  fragment CategoryPanel_ledger on TripLedger {
    baseCurrency
    totalSpent {
      amount
    }
    byCategory {
      category
      amount {
        amount
        amountCents
        currency
      }
    }
  }
`;

/** A colour per category, the same on the chart and its legend. */
const CATEGORY_COLORS: Record<Category, string> = {
  FOOD: 'orange.6',
  TRANSPORT: 'blue.6',
  ACCOMMODATION: 'grape.6',
  ENTERTAINMENT: 'pink.6',
  SHOPPING: 'yellow.5',
  ACTIVITIES: 'teal.6',
  OTHER: 'gray.6',
};

/** Nothing until something is spent. */
export function CategoryPanel({ ledger }: { ledger: CategoryPanel_ledger$key }) {
  const { baseCurrency: base, totalSpent, byCategory } = useFragment(Fragment, ledger);
  if (byCategory.length === 0) return null;
  const categoryTotal = byCategory.reduce((a, c) => a + c.amount.amountCents, 0);
  const percentOf = (cents: number) => (categoryTotal > 0 ? Math.round((cents * 100) / categoryTotal) : 0);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="category-title">
      <Title order={3} fz="lg" id="category-title" mb="xs">
        By category
      </Title>
      <Group align="center" gap="lg" wrap="wrap" justify="center">
        {/* The chart is a picture of the legend beside it (inert: out of the tab order and the accessibility tree); the legend is what is read. */}
        <div inert data-testid="category-chart">
          <WhenNear placeholder={donutPlaceholder}>
            <Suspense fallback={donutPlaceholder}>
              <CategoryDonut
                data={byCategory.map((c) => ({
                  name: CATEGORY_LABELS[c.category as Category],
                  value: c.amount.amountCents,
                  color: CATEGORY_COLORS[c.category as Category],
                }))}
                format={(cents) => formatMoney(formatMoneyDecimal(cents, base), base)}
                label={formatMoney(totalSpent.amount, base)}
              />
            </Suspense>
          </WhenNear>
        </div>
        <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0, flex: '1 1 220px', minWidth: 0 }} aria-label="Spending by category">
          {byCategory.map((c) => (
            <Group key={c.category} component="li" justify="space-between" wrap="nowrap" gap="xs">
              <Group gap={8} wrap="nowrap">
                <ColorSwatch color={`var(--mantine-color-${CATEGORY_COLORS[c.category as Category].replace('.', '-')})`} size={14} aria-hidden />
                <Text fz="sm">{CATEGORY_LABELS[c.category as Category]}</Text>
              </Group>
              <Text fz="sm">
                <b>{formatMoney(c.amount.amount, c.amount.currency)}</b>{' '}
                <Text span c="dark.4" fz="sm">
                  ({percentOf(c.amount.amountCents)}%)
                </Text>
              </Text>
            </Group>
          ))}
        </Stack>
      </Group>
    </Paper>
  );
}
