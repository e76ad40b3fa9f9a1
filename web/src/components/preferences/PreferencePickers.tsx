/**
 * Travel-preference pickers, shared by the sign-up wizard and Settings. The choices come from
 * the API's domain module (one list for server validation and for the UI).
 */
import { Box, Chip, Group, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
// Straight from its module (not ./domain's barrel), so the sign-up page loads no other domain.
import { MULTI_CHOICE_GROUPS, SINGLE_CHOICE_GROUPS, type TravelPreferences } from '../../../../api/src/accounts/preferences';

export type SingleChoiceKey = keyof typeof SINGLE_CHOICE_GROUPS;
export type MultiChoiceKey = keyof typeof MULTI_CHOICE_GROUPS;

export const PREFERENCE_LABELS: Record<SingleChoiceKey | MultiChoiceKey, { label: string; hint: string }> = {
  travelFrequency: { label: 'How often do you travel?', hint: 'Pick one' },
  groupSize: { label: 'Usual group size', hint: 'Pick one' },
  budgetRange: { label: 'Typical trip budget', hint: 'Pick one' },
  preferredDestinations: { label: 'Favorite kinds of destinations', hint: 'Pick one or more' },
  activities: { label: 'Activities you enjoy', hint: 'Pick one or more' },
  travelStyle: { label: 'Your travel style', hint: 'Pick one or more' },
  accommodation: { label: 'Where you like to stay', hint: 'Pick one or more' },
  transportation: { label: 'How you like to get around', hint: 'Pick one or more' },
};

function Fieldset({ name, error, children }: { name: SingleChoiceKey | MultiChoiceKey; error?: string; children: React.ReactNode }) {
  const { label, hint } = PREFERENCE_LABELS[name];
  const errorId = `preference-${name}-error`;
  return (
    <Box
      component="fieldset"
      m={0}
      p={0}
      style={{ border: 0, minWidth: 0 }}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
    >
      <Group component="legend" gap={8} mb={10} p={0}>
        <Text span fw={650} fz="sm">
          {label}
        </Text>
        <Text span c="dimmed" fz="xs">
          {hint}
        </Text>
      </Group>
      {children}
      {error && (
        <Text id={errorId} c="red.8" fz="sm" mt={6} role="alert">
          {error}
        </Text>
      )}
    </Box>
  );
}

const chipProps = { variant: 'filled' as const, radius: 'xl' as const, size: 'sm' as const, icon: <IconCheck size={14} /> };

export function SingleChoicePicker({
  name,
  value,
  error,
  onChange,
}: {
  name: SingleChoiceKey;
  value: string | null;
  error?: string;
  onChange: (value: string) => void;
}) {
  return (
    <Fieldset name={name} error={error}>
      <Chip.Group multiple={false} value={value ?? ''} onChange={(v) => onChange(v)}>
        <Group gap={8}>
          {SINGLE_CHOICE_GROUPS[name].map((choice) => (
            <Chip key={choice} value={choice} {...chipProps}>
              {choice}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
    </Fieldset>
  );
}

export function MultiChoicePicker({
  name,
  value,
  error,
  onChange,
}: {
  name: MultiChoiceKey;
  value: string[];
  error?: string;
  onChange: (value: string[]) => void;
}) {
  return (
    <Fieldset name={name} error={error}>
      <Chip.Group multiple value={value} onChange={onChange}>
        <Group gap={8}>
          {MULTI_CHOICE_GROUPS[name].map((choice) => (
            <Chip key={choice} value={choice} {...chipProps}>
              {choice}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
    </Fieldset>
  );
}

/** Renders the named groups of a TravelPreferences value. */
export function PreferenceFields({
  single = [],
  multi = [],
  value,
  errors = {},
  onChange,
}: {
  single?: SingleChoiceKey[];
  multi?: MultiChoiceKey[];
  value: TravelPreferences;
  /** A message per group, shown under it (a step left with a group unanswered). */
  errors?: Partial<Record<SingleChoiceKey | MultiChoiceKey, string>>;
  onChange: (next: TravelPreferences) => void;
}) {
  return (
    <>
      {single.map((name) => (
        <SingleChoicePicker key={name} name={name} value={value[name]} error={errors[name]} onChange={(v) => onChange({ ...value, [name]: v })} />
      ))}
      {multi.map((name) => (
        <MultiChoicePicker key={name} name={name} value={value[name]} error={errors[name]} onChange={(v) => onChange({ ...value, [name]: v })} />
      ))}
    </>
  );
}
