/**
 * /signup: the four-step sign-up wizard (seed 000 §2, §4, §5).
 * Step 1 account, step 2 single-choice travel style, steps 3 and 4 the multi-choice lists.
 * Preferences may be skipped from steps 2-4 (jumps to the last step). Submit on step 4.
 */
import {
  Alert,
  Anchor,
  Box,
  Button,
  Group,
  NativeSelect,
  PasswordInput,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconArrowRight, IconCheck, IconMailForward, IconX } from '@tabler/icons-react';
import { useMemo, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { PreferenceFields } from '../../components/preferences/PreferencePickers';
import { apiRequest, ApiError, errorMessage } from '../../platform/api';
import { AccountMessages, DEFAULT_COUNTRY, EMPTY_PREFERENCES, PASSWORD_MIN_LENGTH, SIGNUP_COUNTRIES, type TravelPreferences } from '../../platform/domain';
import { notify } from '../../platform/notify';
import { countryName } from './countries';
import { checkSignUp, type AccountFields } from './signupChecks';

const TOTAL_STEPS = 4;

const STEP_TITLES: Record<number, { title: string; text: string }> = {
  1: { title: 'Create Your Account', text: 'Tell us who you are and where you travel from.' },
  2: { title: 'Travel Style', text: 'How do you usually travel?' },
  3: { title: 'Destinations & Activities', text: 'What kind of trips make you happiest?' },
  4: { title: 'Travel Preferences', text: 'How you like to travel, stay and get around.' },
};

function stepComplete(step: number, fields: AccountFields, prefs: TravelPreferences, skipped: boolean): boolean {
  switch (step) {
    case 1:
      return (
        !!fields.first_name.trim() &&
        !!fields.last_name.trim() &&
        !!fields.email.trim() &&
        !!fields.password &&
        !!fields.confirm_password &&
        fields.password === fields.confirm_password
      );
    case 2:
      return skipped || (!!prefs.travelFrequency && !!prefs.groupSize && !!prefs.budgetRange);
    case 3:
      return skipped || (prefs.preferredDestinations.length > 0 && prefs.activities.length > 0);
    case 4:
      return skipped || (prefs.travelStyle.length > 0 && prefs.accommodation.length > 0 && prefs.transportation.length > 0);
    default:
      return false;
  }
}

export default function SignUpPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const trip = params.get('trip');
  const invitation = params.get('invitation');
  const [step, setStep] = useState(1);
  const [fields, setFields] = useState<AccountFields>(() => ({
    first_name: '',
    last_name: '',
    email: params.get('email') ?? '',
    city: '',
    state: '',
    country: DEFAULT_COUNTRY,
    password: '',
    confirm_password: '',
  }));
  const [prefs, setPrefs] = useState<TravelPreferences>(EMPTY_PREFERENCES);
  const [skipped, setSkipped] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [showPassword, setShowPassword] = useState(false);
  const [showConfirm, setShowConfirm] = useState(false);

  const countries = useMemo(() => SIGNUP_COUNTRIES.map((code) => ({ value: code, label: countryName(code) })), []);
  const complete = stepComplete(step, fields, prefs, skipped);
  const set = (name: keyof AccountFields) => (event: { currentTarget: { value: string } }) => {
    const { value } = event.currentTarget;
    setFields((current) => ({ ...current, [name]: value }));
  };

  const skip = () => {
    setSkipped(true);
    setError(null);
    setStep(TOTAL_STEPS);
  };

  const next = () => {
    if (!complete || step >= TOTAL_STEPS) return;
    setError(null);
    setStep(step + 1);
  };

  const back = () => {
    if (step <= 1) return;
    setError(null);
    setStep(step - 1);
  };

  const submit = async () => {
    const problem = checkSignUp(fields);
    if (problem) {
      setError(problem);
      notify.error(problem);
      setStep(1);
      return;
    }
    setError(null);
    setSubmitting(true);
    try {
      await apiRequest('/api/auth/signup', {
        body: {
          ...fields,
          email: fields.email.trim(),
          first_name: fields.first_name.trim(),
          last_name: fields.last_name.trim(),
          city: fields.city.trim(),
          state: fields.state.trim(),
          travel_preferences: prefs,
          preferences_skipped: skipped,
          ...(invitation ? { invitation } : {}),
          ...(trip ? { trip } : {}),
        },
      });
      notify.success(AccountMessages.signupSuccess);
      const email = fields.email.trim();
      void navigate(`/verify-email?email=${encodeURIComponent(email)}`, { state: { email, justSignedUp: true } });
    } catch (failure) {
      const message = errorMessage(failure);
      setError(message);
      notify.error(message);
      if (failure instanceof ApiError && failure.status >= 500) console.error(failure);
    } finally {
      setSubmitting(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (step < TOTAL_STEPS) next();
    else if (complete && !submitting) void submit();
  };

  const passwordsEntered = fields.password.length > 0 && fields.confirm_password.length > 0;
  const passwordsMatch = fields.password === fields.confirm_password;
  const heading = STEP_TITLES[step];

  return (
    <Box component="form" onSubmit={onSubmit} noValidate>
      <Stack gap="lg">
        <Stack gap={6}>
          <Group justify="space-between" gap="xs">
            <Text fz="sm" fw={600} c="lagoon.8" aria-live="polite">
              Step {step} of {TOTAL_STEPS}
            </Text>
            <Text fz="sm">
              Already have an account?{' '}
              <Anchor component={Link} to="/signin" fw={600}>
                Sign in
              </Anchor>
            </Text>
          </Group>
          <Progress value={(step / TOTAL_STEPS) * 100} size="sm" radius="xl" aria-label={`Step ${step} of ${TOTAL_STEPS}`} />
        </Stack>

        {trip && (
          <Alert color="lagoon" variant="light" icon={<IconMailForward size={18} />}>
            You've been invited to join a trip! Complete your signup to get started.
          </Alert>
        )}

        <div>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            {heading.title}
          </Title>
          <Text c="dimmed" fz="sm" mt={4}>
            {heading.text}
          </Text>
        </div>

        {error && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {error}
            {error === AccountMessages.emailTaken && (
              <>
                {' '}
                <Anchor component={Link} to="/signin" fw={600}>
                  Go to sign in
                </Anchor>
              </>
            )}
          </Alert>
        )}

        {step === 1 && (
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <TextInput label="First name" autoComplete="given-name" required value={fields.first_name} onChange={set('first_name')} />
              <TextInput label="Last name" autoComplete="family-name" required value={fields.last_name} onChange={set('last_name')} />
            </SimpleGrid>
            <TextInput label="Email" type="email" autoComplete="email" required value={fields.email} onChange={set('email')} />
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <TextInput label="City" autoComplete="address-level2" value={fields.city} onChange={set('city')} description="For trip ideas near you" />
              <TextInput label="State" autoComplete="address-level1" value={fields.state} onChange={set('state')} description="State, province or region" />
            </SimpleGrid>
            <NativeSelect label="Country" autoComplete="country" data={countries} value={fields.country} onChange={set('country')} />
            <PasswordInput
              label="Password"
              autoComplete="new-password"
              required
              value={fields.password}
              onChange={set('password')}
              description={`At least ${PASSWORD_MIN_LENGTH} characters`}
              visible={showPassword}
              onVisibilityChange={setShowPassword}
              visibilityToggleFocusable
              id="signup-password"
              visibilityToggleButtonProps={{ 'aria-label': 'Show characters', 'aria-controls': 'signup-password' }}
            />
            <PasswordInput
              label="Confirm password"
              autoComplete="new-password"
              required
              value={fields.confirm_password}
              onChange={set('confirm_password')}
              visible={showConfirm}
              onVisibilityChange={setShowConfirm}
              visibilityToggleFocusable
              id="signup-confirm-password"
              visibilityToggleButtonProps={{ 'aria-label': 'Show characters', 'aria-controls': 'signup-confirm-password' }}
            />
            <Box mih={22} aria-live="polite">
              {passwordsEntered && (
                <Group gap={6} c={passwordsMatch ? 'teal.8' : 'red.8'}>
                  {passwordsMatch ? <IconCheck size={16} /> : <IconX size={16} />}
                  <Text fz="sm" fw={600} c="inherit">
                    {passwordsMatch ? 'Passwords match!' : "Passwords don't match"}
                  </Text>
                </Group>
              )}
            </Box>
          </Stack>
        )}

        {step === 2 && (
          <Stack gap="lg">
            <PreferenceFields single={['travelFrequency', 'groupSize', 'budgetRange']} value={prefs} onChange={setPrefs} />
          </Stack>
        )}
        {step === 3 && (
          <Stack gap="lg">
            <PreferenceFields multi={['preferredDestinations', 'activities']} value={prefs} onChange={setPrefs} />
          </Stack>
        )}
        {step === 4 && (
          <Stack gap="lg">
            {skipped && (
              <Alert color="gray" variant="light">
                Preferences skipped. You can add them any time in Settings, or pick some now.
              </Alert>
            )}
            <PreferenceFields multi={['travelStyle', 'accommodation', 'transportation']} value={prefs} onChange={setPrefs} />
          </Stack>
        )}

        {step >= 2 && !skipped && (
          <UnstyledButton onClick={skip} c="lagoon.8" fz="sm" fw={600} style={{ alignSelf: 'flex-start', textDecoration: 'underline' }}>
            Skip for now - I'll add preferences later
          </UnstyledButton>
        )}

        <Group justify="space-between" mt="xs">
          {step > 1 ? (
            <Button variant="default" onClick={back} leftSection={<IconArrowLeft size={16} />} disabled={submitting}>
              Back
            </Button>
          ) : (
            <span />
          )}
          {step < TOTAL_STEPS ? (
            <Button type="submit" disabled={!complete} rightSection={<IconArrowRight size={16} />}>
              Continue
            </Button>
          ) : (
            <Button type="submit" disabled={!complete} loading={submitting} color="coral.8">
              Create Account
            </Button>
          )}
        </Group>
      </Stack>
    </Box>
  );
}
