/**
 * Steps 2 to 4 of the sign-up wizard: the travel preference pickers. Loaded on its own once the
 * reader starts on step 1, so the wizard's first screen does not carry them.
 */
import { Alert, Stack } from '@mantine/core';
import type { TravelPreferences } from '../../platform/accountRules';
import { PreferenceFields } from '../../components/preferences/PreferencePickers';

type PreferenceKey = keyof TravelPreferences;

interface Props {
  step: number;
  /** The groups this step asks for. */
  groups: readonly PreferenceKey[];
  skipped: boolean;
  value: TravelPreferences;
  errors: Partial<Record<PreferenceKey, string>>;
  onChange: (next: TravelPreferences) => void;
}

export default function SignUpPreferences({ step, groups, skipped, value, errors, onChange }: Props) {
  const single = step === 2 ? (groups as PreferenceKey[] as never[]) : [];
  const multi = step === 2 ? [] : (groups as never[]);
  return (
    <Stack gap="lg">
      {step === 4 && skipped && (
        <Alert color="gray" variant="light">
          Preferences skipped. You can add them any time in Settings, or pick some now.
        </Alert>
      )}
      <PreferenceFields single={single} multi={multi} value={value} errors={errors} onChange={onChange} />
    </Stack>
  );
}
