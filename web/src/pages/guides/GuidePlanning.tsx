/** 'When to Go' with the flight search, the sample plans ('View plan'), local tips and budgets. */
import { Badge, Button, Card, Collapse, Group, List, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlaneDeparture } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import type { GuideContent } from '../../platform/domain';
import { formatPrice } from './guideApi';

/** The configured flight search with both places filled in (FLIGHT_SEARCH_URL on the server). */
export function flightSearchUrl(template: string, from: string, to: string): string {
  return template.replace('{from}', encodeURIComponent(from.trim())).replace('{to}', encodeURIComponent(to.trim()));
}

export function GuideWhenToGo({ content, searchTemplate }: { content: GuideContent; searchTemplate: string | null }) {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState(content.flightTo);
  const seasons = [
    ['Peak season', content.whenToGo.peak],
    ['Sweet spot', content.whenToGo.sweetSpot],
    ['Winter', content.whenToGo.winter],
  ] as const;
  const search = (event: FormEvent) => {
    event.preventDefault();
    if (!searchTemplate || !to.trim()) return;
    window.open(flightSearchUrl(searchTemplate, from, to), '_blank', 'noopener');
  };
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        {seasons.map(([title, text]) => (
          <Card key={title} withBorder radius="md" padding="lg">
            <Title order={3} fz="md">
              {title}
            </Title>
            <Text fz="sm" c="dimmed" mt={4}>
              {text}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      <Card withBorder radius="md" padding="lg" component="form" onSubmit={search} aria-label="Flight search">
        <Group align="flex-end" gap="sm">
          <TextInput
            label="From city"
            value={from}
            onChange={(e) => setFrom(e.currentTarget.value)}
            placeholder="Where from?"
            style={{ flex: 1, minWidth: 160 }}
          />
          <TextInput label="To city" value={to} onChange={(e) => setTo(e.currentTarget.value)} style={{ flex: 1, minWidth: 160 }} />
          <Button type="submit" leftSection={<IconPlaneDeparture size={16} aria-hidden />} disabled={!searchTemplate || !to.trim()}>
            Search flights
          </Button>
        </Group>
      </Card>
    </Stack>
  );
}

export function GuidePlans({ content }: { content: GuideContent }) {
  const [open, setOpen] = useState<string | null>(null);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
      {content.itineraries.map((plan) => (
        <Card key={plan.key} withBorder radius="md" padding="lg">
          <Group justify="space-between">
            <Title order={3} fz="md">
              {plan.title}
            </Title>
            <Badge variant="light">from {formatPrice(plan.from)}</Badge>
          </Group>
          <Collapse expanded={open === plan.key} id={`plan-${plan.key}`}>
            <List type="ordered" spacing={4} mt="sm" fz="sm">
              {plan.days.map((day, i) => (
                <List.Item key={i}>
                  <Text span fw={600} fz="sm">
                    Day {i + 1}:
                  </Text>{' '}
                  {day}
                </List.Item>
              ))}
            </List>
          </Collapse>
          <Button
            mt="sm"
            variant="light"
            size="sm"
            aria-expanded={open === plan.key}
            aria-controls={`plan-${plan.key}`}
            onClick={() => setOpen((o) => (o === plan.key ? null : plan.key))}
          >
            {open === plan.key ? 'Hide plan' : 'View plan'}
          </Button>
        </Card>
      ))}
    </SimpleGrid>
  );
}

export function GuideTips({ content }: { content: GuideContent }) {
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {content.tips.map((tip) => (
          <Card key={tip} withBorder radius="md" padding="md">
            <Text fz="sm">{tip}</Text>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

const TIER = { budget: 'Budget', mid: 'Mid-range', luxury: 'Luxury' } as const;

export function GuideBudget({ content }: { content: GuideContent }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
      {content.budget.map((b) => (
        <Card key={b.tier} withBorder radius="md" padding="lg">
          <Text fw={600}>{TIER[b.tier]}</Text>
          <Text fz={28} fw={800}>
            {formatPrice(b.daily)}
            <Text span fz="sm" c="dimmed" fw={400}>
              {' '}
              / day
            </Text>
          </Text>
          <Text fz="sm" c="dimmed" mt={4}>
            {b.includes}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
