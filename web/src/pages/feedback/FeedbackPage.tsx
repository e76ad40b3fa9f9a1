/**
 * /dashboard/feedback (parameter city): the four-section product survey. Ratings are sliders
 * from 1 to 5 starting at 3; every answer is optional and empty ones are sent as null.
 */
import { Button, Card, Group, Radio, Slider, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError, errorMessage, refusalOf } from '../../platform/api';
import { FeedbackMessages, RATING } from '../../platform/domain';
import { formErrors } from '../../platform/formErrors';
import { notify } from '../../platform/notify';
import { signedInRequest } from '../guides/guideApi';

const FREQUENCY = [
  ['once', 'Once a year'],
  ['twothree', '2–3 times a year'],
  ['monthly', 'Monthly'],
  ['rarely', 'Rarely'],
] as const;
const DESIGN = [
  ['modern', 'Modern'],
  ['decent', 'Decent'],
  ['confusing', 'Confusing'],
  ['needs_improvement', 'Needs improvement'],
] as const;
const WOULD_USE = [
  ['yes', 'Yes'],
  ['maybe', 'Maybe'],
  ['no', 'No'],
] as const;
const YES_NO = [
  ['yes', 'Yes'],
  ['no', 'No'],
] as const;

type Answers = Record<string, string | number>;
const RATINGS = ['signup_ease', 'explore_usefulness', 'itinerary_ease', 'recommend_likelihood'] as const;
const INITIAL: Answers = Object.fromEntries(RATINGS.map((r) => [r, RATING.initial]));
/** The answers sent as they are (blank as null); the two yes/no questions are sent as booleans. */
const ANSWERED = [
  'name',
  'email',
  'group_trip_frequency',
  'design_impression',
  'initial_expectation',
  'enjoyed_most',
  'confusing_or_missing',
  'would_use_next_trip',
  'other_ideas',
];
const FORM_FIELDS = new Set<string>([...ANSWERED, ...RATINGS, 'explored_explore', 'tried_itinerary_add']);
/** The server names fields in camelCase; the form in the payload's snake_case. */
const snake = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `feedback-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Card withBorder radius="md" padding="lg" role="group" aria-labelledby={id}>
      <Title order={2} fz="lg" mb="md" id={id}>
        {title}
      </Title>
      <Stack gap="md">{children}</Stack>
    </Card>
  );
}

export default function FeedbackPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [answers, setAnswers] = useState<Answers>(INITIAL);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [sending, setSending] = useState(false);
  const set = (name: string) => (value: string | number) => setAnswers((a) => ({ ...a, [name]: value }));
  const text = (name: string) => ({
    value: (answers[name] as string) ?? '',
    onChange: (e: { currentTarget: { value: string } }) => set(name)(e.currentTarget.value),
    error: errors[name],
  });

  const rating = (name: (typeof RATINGS)[number], label: string) => (
    <div>
      <Text fz="sm" fw={500} id={`${name}-label`}>
        {label}
      </Text>
      <Slider
        min={RATING.min}
        max={RATING.max}
        step={1}
        value={answers[name] as number}
        onChange={set(name)}
        marks={[1, 2, 3, 4, 5].map((v) => ({ value: v, label: String(v) }))}
        thumbProps={{ 'aria-labelledby': `${name}-label` }}
        mb="lg"
      />
    </div>
  );
  const choice = (name: string, label: string, options: readonly (readonly [string, string])[]) => (
    <Radio.Group label={label} value={(answers[name] as string) ?? ''} onChange={set(name)} error={errors[name]}>
      <Group gap="md" mt={6}>
        {options.map(([value, text]) => (
          <Radio key={value} value={value} label={text} />
        ))}
      </Group>
    </Radio.Group>
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const blank = (v: string | number | undefined) => (v === undefined || v === '' ? null : v);
    const yesNo = (v: string | number | undefined) => (v === 'yes' ? true : v === 'no' ? false : null);
    const body = {
      ...Object.fromEntries([...ANSWERED, ...RATINGS].map((k) => [k, blank(answers[k])])),
      explored_explore: yesNo(answers.explored_explore),
      tried_itinerary_add: yesNo(answers.tried_itinerary_add),
      context: { city: params.get('city') || null },
    };
    setSending(true);
    setErrors({});
    try {
      await signedInRequest('/api/backend/feedback', { method: 'POST', body });
      notify.success(FeedbackMessages.thanks);
      void navigate('/dashboard');
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        // Each field's message under it (the server names them in camelCase), the rest as a notice.
        const shown = formErrors(refusalOf(error), (field) => (FORM_FIELDS.has(snake(field)) ? snake(field) : null));
        setErrors(shown.fields);
        notify.error(shown.notice ?? errorMessage(error));
      } else notify.error(FeedbackMessages.failed);
    } finally {
      setSending(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg" maw={760}>
        <Stack gap={4}>
          <Title order={1}>Share your feedback</Title>
          <Text c="dimmed">Four short sections, every question optional. It helps us build what your crew needs.</Text>
        </Stack>
        <Section title="About you">
          <Group grow>
            <TextInput label="Name" autoComplete="name" {...text('name')} />
            <TextInput label="E-mail" type="email" autoComplete="email" {...text('email')} />
          </Group>
          {choice('group_trip_frequency', 'How often do you take group trips?', FREQUENCY)}
        </Section>
        <Section title="First impressions">
          {rating('signup_ease', 'How easy was signing up? (1 hard, 5 easy)')}
          {choice('design_impression', 'What do you think of the design?', DESIGN)}
          <Textarea label="What did you expect Tripcrew to do?" autosize minRows={2} {...text('initial_expectation')} />
        </Section>
        <Section title="Features">
          {choice('explored_explore', 'Did you try the Explore page?', YES_NO)}
          {rating('explore_usefulness', 'How useful was Explore? (1 not at all, 5 very)')}
          {choice('tried_itinerary_add', 'Did you add something to an itinerary?', YES_NO)}
          {rating('itinerary_ease', 'How easy was adding to the itinerary? (1 hard, 5 easy)')}
        </Section>
        <Section title="Overall">
          <Textarea label="What did you enjoy most?" autosize minRows={2} {...text('enjoyed_most')} />
          <Textarea label="What was confusing or missing?" autosize minRows={2} {...text('confusing_or_missing')} />
          {choice('would_use_next_trip', 'Would you use Tripcrew for your next trip?', WOULD_USE)}
          {rating('recommend_likelihood', 'How likely are you to recommend Tripcrew to a friend? (1 unlikely, 5 very likely)')}
          <Textarea label="Any other ideas?" autosize minRows={2} {...text('other_ideas')} />
        </Section>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => void navigate(-1)} disabled={sending}>
            Cancel
          </Button>
          <Button type="submit" loading={sending}>
            Submit
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
