/**
 * /signup: the four-step sign-up wizard. Step 1 the account, step 2 single-choice travel style,
 * steps 3 and 4 the multi-choice lists. Each step is checked with the server's own rules when it
 * is left, and a refusal from the server is shown on its field, on the step that holds it.
 * Preferences may be skipped from steps 2-4 (jumps to the last step). Submit on step 4.
 */
import {
  Alert,
  Anchor,
  Box,
  Button,
  Group,
  Loader,
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
import { lazy, Suspense, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { apiRequest, ApiError, errorMessage, refusalOf } from '../../platform/api';
import {
  accountFieldProblems,
  AccountMessages,
  DEFAULT_COUNTRY,
  EMPTY_PREFERENCES,
  MULTI_CHOICE_GROUPS,
  PASSWORD_MIN_LENGTH,
  SIGNUP_COUNTRIES,
  SINGLE_CHOICE_GROUPS,
  SINGLE_PREFERENCE_FIELDS,
  type AccountFieldValues,
  type TravelPreferences,
} from '../../platform/accountRules';
import { formErrors } from '../../platform/formErrors';
import { notify } from '../../platform/notify';
import { sessionStore, type Session } from '../../platform/session';
import { defaultSignupCountry } from '../../platform/localeDefaults';
import { countryName } from './countries';

// Steps 2-4 (the preference pickers) load once the reader starts on the form: the first paint shows step 1 only.
const loadPreferenceFields = () => import('../../components/preferences/PreferencePickers');
const PreferenceFields = lazy(() => loadPreferenceFields().then((m) => ({ default: m.PreferenceFields })));
const preloadPreferences = () => void loadPreferenceFields();

const TOTAL_STEPS = 4;

const STEP_TITLES: Record<number, { title: string; text: string }> = {
  1: { title: 'Create Your Account', text: 'Tell us who you are and where you travel from.' },
  2: { title: 'Travel Style', text: 'How do you usually travel?' },
  3: { title: 'Destinations & Activities', text: 'What kind of trips make you happiest?' },
  4: { title: 'Travel Preferences', text: 'How you like to travel, stay and get around.' },
};

type PreferenceKey = keyof TravelPreferences;

/** The preference groups each of steps 2 to 4 asks for. */
const STEP_GROUPS: Record<number, PreferenceKey[]> = {
  2: SINGLE_PREFERENCE_FIELDS,
  3: ['preferredDestinations', 'activities'],
  4: ['travelStyle', 'accommodation', 'transportation'],
};

/** The step that holds a field the server named (account fields are all on step 1). */
function stepOf(field: string): number {
  for (const [step, groups] of Object.entries(STEP_GROUPS)) if ((groups as string[]).includes(field)) return Number(step);
  return 1;
}

type Errors = Partial<Record<keyof AccountFieldValues | PreferenceKey, string>>;

/** What stops the wizard leaving `step`: each field's first problem, with the server's own rules. */
function stepErrors(step: number, fields: AccountFieldValues, prefs: TravelPreferences, skipped: boolean): Errors {
  const errors: Errors = {};
  if (step === 1) {
    for (const p of accountFieldProblems(fields)) errors[p.field] ??= p.message;
    return errors;
  }
  if (skipped) return errors;
  for (const key of STEP_GROUPS[step] ?? []) {
    if (key in SINGLE_CHOICE_GROUPS && !prefs[key]) errors[key] = AccountMessages.preferencePickOne;
    if (key in MULTI_CHOICE_GROUPS && (prefs[key] as string[]).length === 0) errors[key] = AccountMessages.preferencePickSome;
  }
  return errors;
}

/** The answer of POST /api/auth/signup: a session when the address was proven by an invitation link. */
interface SignUpAnswer {
  user: { id: string; email: string };
  verified: boolean;
  session?: Session;
  trip_id?: string;
}

export default function SignUpPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const trip = params.get('trip');
  const invitation = params.get('invitation');
  const invitationToken = params.get('token');
  const [step, setStep] = useState(1);
  // The page is prerendered, so the first render starts from the same country as the server's
  // markup; the reader's own country (from the browser's zone or language) is applied once the
  // app has taken the page over, unless they already picked one.
  const [fields, setFields] = useState<AccountFieldValues>(() => ({
    first_name: '',
    last_name: '',
    email: params.get('email') ?? '',
    city: '',
    state: '',
    country: DEFAULT_COUNTRY,
    country_other: '',
    password: '',
    confirm_password: '',
  }));
  const countryChosen = useRef(false);
  useEffect(() => {
    if (countryChosen.current) return;
    const { country, countryOther } = defaultSignupCountry();
    setFields((current) => ({ ...current, country, country_other: countryOther }));
  }, []);
  const [prefs, setPrefs] = useState<TravelPreferences>(EMPTY_PREFERENCES);
  const [skipped, setSkipped] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  /** A refusal that names no field (too many attempts, a fault). */
  const [error, setError] = useState<string | null>(null);
  const [showPassword, setShowPassword] = useState(false);
  const [showConfirm, setShowConfirm] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const countries = useMemo(() => SIGNUP_COUNTRIES.map((code) => ({ value: code, label: countryName(code) })), []);
  const set = (name: keyof AccountFieldValues) => (event: { currentTarget: { value: string } }) => {
    const { value } = event.currentTarget;
    if (name === 'country' || name === 'country_other') countryChosen.current = true;
    setFields((current) => ({ ...current, [name]: value }));
    setErrors((current) => (current[name] ? { ...current, [name]: undefined } : current));
  };
  const setPreferences = (next: TravelPreferences) => {
    setPrefs(next);
    setErrors((current) => {
      const changed = (Object.keys(next) as PreferenceKey[]).filter((k) => next[k] !== prefs[k]);
      return changed.some((k) => current[k]) ? { ...current, ...Object.fromEntries(changed.map((k) => [k, undefined])) } : current;
    });
  };

  /** Shows `found` on their fields and puts the focus on the first of them. */
  const showErrors = (found: Errors) => {
    setErrors(found);
    requestAnimationFrame(() =>
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"] input, input[aria-invalid="true"], [aria-invalid="true"]')?.focus(),
    );
  };

  /** Checks the step being left; true when it may be left. */
  const checkStep = (which: number) => {
    const found = stepErrors(which, fields, prefs, skipped);
    if (Object.keys(found).length === 0) return true;
    showErrors(found);
    return false;
  };

  const skip = () => {
    setSkipped(true);
    setError(null);
    setErrors({});
    setStep(TOTAL_STEPS);
  };

  const next = () => {
    if (step >= TOTAL_STEPS || !checkStep(step)) return;
    setError(null);
    setErrors({});
    setStep(step + 1);
  };

  const back = () => {
    if (step <= 1) return;
    setError(null);
    setErrors({});
    setStep(step - 1);
  };

  /**
   * A refusal from the server lands on its fields, on the earliest step that holds one of them;
   * what no field of that step shows (a later step's, or a field the wizard has not) goes on top.
   */
  const showRefusal = (failure: ApiError) => {
    const known = new Set<string>([...Object.keys(fields), ...Object.values(STEP_GROUPS).flat()]);
    const target = Math.min(...failure.fieldErrors.map((e) => stepOf(e.field)));
    const shown = formErrors(refusalOf(failure), (field) => (known.has(field) && stepOf(field) === target ? (field as keyof Errors) : null));
    setStep(target);
    showErrors(shown.fields);
    setError(shown.notice);
  };

  const submit = async () => {
    // Every step again (a skipped step has nothing to check): the first with a problem is shown.
    for (const which of [1, 2, 3, 4]) {
      const found = stepErrors(which, fields, prefs, skipped);
      if (Object.keys(found).length > 0) {
        setStep(which);
        showErrors(found);
        return;
      }
    }
    setError(null);
    setSubmitting(true);
    try {
      const answer = await apiRequest<SignUpAnswer>('/api/auth/signup', {
        body: {
          ...fields,
          email: fields.email.trim(),
          first_name: fields.first_name.trim(),
          last_name: fields.last_name.trim(),
          city: fields.city.trim(),
          state: fields.state.trim(),
          country_other: fields.country === 'OTHER' ? fields.country_other.trim() : '',
          travel_preferences: prefs,
          preferences_skipped: skipped,
          ...(invitation ? { invitation } : {}),
          ...(invitationToken ? { invitation_token: invitationToken } : {}),
          ...(trip ? { trip } : {}),
        },
      });
      if (answer.session && answer.trip_id) {
        // Signed up from the invitation e-mail with the invited address: verified and on the trip.
        sessionStore.adopt(answer.session);
        notify.success('Your account is ready and you have joined the trip. Happy planning!', 'Welcome to Tripcrew');
        void navigate(`/dashboard/trips/${encodeURIComponent(answer.trip_id)}`, { replace: true });
        return;
      }
      // The verification page says the account was created (once, not also in a notice).
      const email = fields.email.trim();
      void navigate(`/verify-email?email=${encodeURIComponent(email)}`, { state: { email, justSignedUp: true } });
    } catch (failure) {
      if (failure instanceof ApiError && failure.fieldErrors.length > 0) {
        showRefusal(failure);
      } else {
        setError(errorMessage(failure));
        if (failure instanceof ApiError && failure.status >= 500) console.error(failure);
      }
    } finally {
      setSubmitting(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (step < TOTAL_STEPS) next();
    else if (!submitting && checkStep(step)) void submit();
  };

  const passwordsEntered = fields.password.length > 0 && fields.confirm_password.length > 0;
  const passwordsMatch = fields.password === fields.confirm_password;
  const heading = STEP_TITLES[step];

  return (
    <Box component="form" onSubmit={onSubmit} noValidate ref={formRef} onFocus={preloadPreferences} onPointerOver={preloadPreferences}>
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
          </Alert>
        )}

        {step === 1 && (
          <Stack gap="sm">
            <Text fz="xs" c="dimmed">
              Every field on this step is required.
            </Text>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <TextInput
                label="First name"
                autoComplete="given-name"
                required
                value={fields.first_name}
                onChange={set('first_name')}
                error={errors.first_name}
              />
              <TextInput label="Last name" autoComplete="family-name" required value={fields.last_name} onChange={set('last_name')} error={errors.last_name} />
            </SimpleGrid>
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              required
              value={fields.email}
              onChange={set('email')}
              error={
                errors.email === AccountMessages.emailTaken ? (
                  <>
                    {errors.email}{' '}
                    <Anchor component={Link} to="/signin" fz="inherit" fw={600}>
                      Go to sign in
                    </Anchor>
                  </>
                ) : (
                  errors.email
                )
              }
            />
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <TextInput
                label="City"
                autoComplete="address-level2"
                required
                value={fields.city}
                onChange={set('city')}
                description="For trip ideas near you"
                error={errors.city}
              />
              <TextInput
                label="State"
                autoComplete="address-level1"
                required
                value={fields.state}
                onChange={set('state')}
                description="State, province or region"
                error={errors.state}
              />
            </SimpleGrid>
            <NativeSelect
              label="Country"
              autoComplete="country"
              required
              data={countries}
              value={fields.country}
              onChange={set('country')}
              error={errors.country}
            />
            {fields.country === 'OTHER' && (
              <TextInput
                label="Your country"
                autoComplete="country-name"
                required
                value={fields.country_other}
                onChange={set('country_other')}
                error={errors.country_other}
              />
            )}
            <PasswordInput
              label="Password"
              autoComplete="new-password"
              required
              value={fields.password}
              onChange={set('password')}
              description={`At least ${PASSWORD_MIN_LENGTH} characters`}
              error={errors.password}
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
              error={errors.confirm_password}
              visible={showConfirm}
              onVisibilityChange={setShowConfirm}
              visibilityToggleFocusable
              id="signup-confirm-password"
              visibilityToggleButtonProps={{ 'aria-label': 'Show characters', 'aria-controls': 'signup-confirm-password' }}
            />
            <Box mih={22} aria-live="polite">
              {passwordsEntered && !errors.confirm_password && (
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

        <Suspense fallback={<Loader size="sm" aria-label="Loading the choices" />}>
          {step === 2 && (
            <Stack gap="lg">
              <PreferenceFields single={SINGLE_PREFERENCE_FIELDS} value={prefs} errors={errors} onChange={setPreferences} />
            </Stack>
          )}
          {step === 3 && (
            <Stack gap="lg">
              <PreferenceFields multi={['preferredDestinations', 'activities']} value={prefs} errors={errors} onChange={setPreferences} />
            </Stack>
          )}
          {step === 4 && (
            <Stack gap="lg">
              {skipped && (
                <Alert color="gray" variant="light">
                  Preferences skipped. You can add them any time in Settings, or pick some now.
                </Alert>
              )}
              <PreferenceFields multi={['travelStyle', 'accommodation', 'transportation']} value={prefs} errors={errors} onChange={setPreferences} />
            </Stack>
          )}
        </Suspense>

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
            <Button type="submit" rightSection={<IconArrowRight size={16} />}>
              Continue
            </Button>
          ) : (
            <Button type="submit" loading={submitting} color="coral.8">
              Create Account
            </Button>
          )}
        </Group>
      </Stack>
    </Box>
  );
}
