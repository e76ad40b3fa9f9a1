/** One expense in the list: what, when, who paid, the shares, and Edit / Delete (the parent asks before deleting). */
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import { graphql, useFragment } from 'react-relay';
import type { ExpenseCard_expense$data, ExpenseCard_expense$key } from '../../__generated__/ExpenseCard_expense.graphql';
import { formatMoneyDecimal } from '../../platform/domain';
import { formatMoney } from '../trips/format';
import { CATEGORY_LABELS, newLine, type Category, type ExpenseFormValues } from './expenseForm';

const Fragment = graphql`
  fragment ExpenseCard_expense on Expense {
    id
    title
    amount {
      amount
      currency
    }
    baseAmount {
      amount
      currency
    }
    exchangeRate
    category
    splitType
    paidById
    payerName
    expenseDate
    notes
    isPaid
    itineraryItemId
    items {
      description
      amount {
        amount
      }
      participantIds
    }
    tax {
      amount
    }
    tip {
      amount
    }
    payers {
      userId
      name
      amount {
        amount
      }
    }
    splits {
      userId
      name
      amount {
        amount
      }
      percentage
      status
    }
  }
`;

const money = (m: { amount: string; currency: string }) => formatMoney(m.amount, m.currency);

/** The form's values for editing an expense as it stands. */
function valuesOf(e: ExpenseCard_expense$data): ExpenseFormValues {
  const shares: Record<string, string> = {};
  for (const s of e.splits) shares[s.userId] = e.splitType === 'PERCENTAGE' ? String(s.percentage ?? '') : s.amount.amount;
  return {
    title: e.title,
    amount: e.amount.amount,
    currency: e.amount.currency,
    exchangeRate: e.exchangeRate ?? '',
    category: e.category as Category,
    paidBy: e.paidById,
    expenseDate: String(e.expenseDate),
    notes: e.notes ?? '',
    splitType: e.splitType as ExpenseFormValues['splitType'],
    participants: e.splits.map((s) => s.userId),
    shares,
    itineraryItemId: e.itineraryItemId ?? null,
    payers: e.payers.length > 1 ? Object.fromEntries(e.payers.map((p) => [p.userId, p.amount.amount])) : null,
    items: e.items?.length
      ? e.items.map((i) => ({ ...newLine([...i.participantIds]), description: i.description, amount: i.amount.amount }))
      : [newLine(e.splits.map((s) => s.userId))],
    tax: e.tax && e.tax.amount !== formatMoneyDecimal(0, e.amount.currency) ? e.tax.amount : '',
    tip: e.tip && e.tip.amount !== formatMoneyDecimal(0, e.amount.currency) ? e.tip.amount : '',
  };
}

export interface ExpenseCardProps {
  expense: ExpenseCard_expense$key;
  onEdit: (values: ExpenseFormValues, id: string) => void;
  onDelete: (expense: { id: string; title: string }) => void;
}

export function ExpenseCard({ expense, onEdit, onDelete }: ExpenseCardProps) {
  const e = useFragment(Fragment, expense);
  return (
    <Paper withBorder p="sm" component="article" aria-label={e.title}>
      <Group justify="space-between" wrap="wrap" gap="xs" align="flex-start">
        <div style={{ minWidth: 0, flex: '1 1 200px' }}>
          <Group gap={6}>
            <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
              {e.title}
            </Text>
            <Badge variant="light" size="sm">
              {CATEGORY_LABELS[e.category as Category]}
            </Badge>
            <Badge variant="light" size="sm" color={e.isPaid ? 'teal' : 'yellow'} c={e.isPaid ? 'teal.9' : 'dark.8'}>
              {e.isPaid ? 'Paid' : 'Pending'}
            </Badge>
          </Group>
          <Text fz="sm" c="dark.4">
            {String(e.expenseDate)} · paid by{' '}
            {e.payers.length > 1 ? e.payers.map((p) => `${p.name} (${formatMoney(p.amount.amount, e.amount.currency)})`).join(' and ') : e.payerName} ·{' '}
            {e.splitType.toLowerCase()} split
          </Text>
          <Text fz="xs" c="dark.4">
            {e.splits.map((s) => `${s.name} ${formatMoney(s.amount.amount, e.amount.currency)}`).join(', ')}
          </Text>
        </div>
        <Stack gap={0} align="flex-end">
          <Text fw={700}>{money(e.amount)}</Text>
          {e.baseAmount && e.baseAmount.currency !== e.amount.currency && (
            <Text fz="xs" c="dark.4">
              ≈ {money(e.baseAmount)} at {e.exchangeRate}
            </Text>
          )}
          <Group gap={4}>
            <Button
              size="compact-xs"
              variant="subtle"
              leftSection={<IconEdit size={14} aria-hidden />}
              aria-label={`Edit ${e.title}`}
              onClick={() => onEdit(valuesOf(e), e.id)}
            >
              Edit
            </Button>
            <Button
              size="compact-xs"
              variant="subtle"
              color="red"
              c="red.9"
              leftSection={<IconTrash size={14} aria-hidden />}
              aria-label={`Delete ${e.title}`}
              onClick={() => onDelete({ id: e.id, title: e.title })}
            >
              Delete
            </Button>
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}
