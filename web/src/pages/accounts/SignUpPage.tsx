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
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconArrowRight, IconCheck, IconMailForward, IconX } from '@tabler/icons-react';
import type { FormErrors } from '@mantine/form';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import {
  DEFAULT_COUNTRY,
  EMPTY_PREFERENCES,
  MULTI_CHOICE_GROUPS,
  PASSWORD_MIN_LENGTH,
  PREFERENCE_FIELDS,
  SIGNUP_COUNTRIES,
  SINGLE_CHOICE_GROUPS,
  SINGLE_PREFERENCE_FIELDS,
  type TravelPreferences,
  accountFieldProblems,
  AccountMessages,
  type AccountFieldValues,
} from '../../platform/accountRules';
import { apiRequest, ApiError, errorMessage, refusalOf } from '../../platform/api';
import { showRefusal } from '../../platform/form/ruleForm';
import { notify } from '../../platform/notify';
import { sessionStore, type Session } from '../../platform/session';
import { defaultSignupCountry } from '../../platform/localeDefaults';
import { countryName } from './countries';
import { useWizardForm } from './wizardForm';

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

/** The wizard's values: the account fields and the travel preferences, side by side. */
type Values = AccountFieldValues & TravelPreferences;
/** Steps 2 to 4, fetched once the reader types on step 1 (see `input`). */
const loadPreferences = () => import('./SignUpPreferences');
const SignUpPreferences = lazy(loadPreferences);
// Also on the first focus or pointer over the form: the first paint shows step 1 only.
const preloadPreferences = () => void loadPreferences();
const preferencesOf = (v: Values) => Object.fromEntries(PREFERENCE_FIELDS.map((k) => [k, v[k]])) as unknown as TravelPreferences;

export default function SignUpPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const trip = params.get('trip');
  const invitation = params.get('invitation');
  const invitationToken = params.get('token');
  const [step, setStep] = useState(1);
  const [skipped, setSkipped] = useState(false);
  // Each step is checked with the server's rules when it is left (the rule reads the step shown).
  const form = useWizardForm<Values>(
    {
      first_name: '',
      last_name: '',
      email: params.get('email') ?? '',
      city: '',
      state: '',
      country: DEFAULT_COUNTRY,
      country_other: '',
      password: '',
      confirm_password: '',
      ...EMPTY_PREFERENCES,
    },
    (v) => stepErrors(step, v, v, skipped),
  );
  // The page is prerendered, so the first render starts from the same country as the server's
  // markup; the reader's own country (from the browser's zone or language) is applied once the
  // app has taken the page over, unless they already picked one.
  const countryChosen = useRef(false);
  useEffect(() => {
    if (countryChosen.current) return;
    const { country, countryOther } = defaultSignupCountry();
    form.setValues({ country, country_other: countryOther });
    // Once, after hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const [submitting, setSubmitting] = useState(false);
  /** A refusal that names no field (too many attempts, a fault). */
  const [error, setError] = useState<string | null>(null);
  const [showPassword, setShowPassword] = useState(false);
  const [showConfirm, setShowConfirm] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const fields = form.values;
  const errors = form.errors as Errors;
  const prefs = preferencesOf(fields);

  const countries = useMemo(() => SIGNUP_COUNTRIES.map((code) => ({ value: code, label: countryName(code) })), []);
  /** A step-1 field's props; typing there also fetches the next steps' pickers, so Continue finds them loaded. */
  const input = (name: keyof AccountFieldValues) => {
    const props = form.getInputProps(name);
    return {
      ...props,
      onChange: (event: { currentTarget: { value: string } }) => {
        if (name === 'country' || name === 'country_other') countryChosen.current = true;
        void loadPreferences();
        props.onChange(event);
      },
    };
  };
  const setPreferences = (next: TravelPreferences) => {
    const changed = PREFERENCE_FIELDS.filter((k) => next[k] !== prefs[k]);
    form.setValues(next);
    for (const k of changed) form.clearFieldError(k);
  };

  /** The focus on the first field at fault once the step shows it (a picker's first choice). */
  const focusInvalid = () =>
    requestAnimationFrame(() =>
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"] input, input[aria-invalid="true"], [aria-invalid="true"]')?.focus(),
    );
  const showErrors = (found: FormErrors) => {
    form.setErrors(found);
    focusInvalid();
  };

  const goTo = (which: number) => {
    setError(null);
    form.clearErrors();
    setStep(which);
  };

  const skip = () => {
    setSkipped(true);
    goTo(TOTAL_STEPS);
  };

  /**
   * A refusal from the server lands on its fields, on the earliest step that holds one of them;
   * what no field of that step shows (a later step's, or a field the wizard has not) goes on top.
   */
  const refused = (failure: ApiError) => {
    const known = new Set<string>(Object.keys(fields));
    const target = Math.min(...failure.fieldErrors.map((e) => stepOf(e.field)));
    setStep(target);
    setError(showRefusal(form, refusalOf(failure), (field) => (known.has(field) && stepOf(field) === target ? field : null)));
    focusInvalid();
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
          first_name: fields.first_name.trim(),
          last_name: fields.last_name.trim(),
          email: fields.email.trim(),
          city: fields.city.trim(),
          state: fields.state.trim(),
          country: fields.country,
          country_other: fields.country === 'OTHER' ? fields.country_other.trim() : '',
          password: fields.password,
          confirm_password: fields.confirm_password,
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
        refused(failure);
      } else {
        setError(errorMessage(failure));
        if (failure instanceof ApiError && failure.status >= 500) console.error(failure);
      }
    } finally {
      setSubmitting(false);
    }
  };

  // The step shown passed its rule: on to the next, or (on the last) the account is sent.
  const onValid = () => {
    if (step < TOTAL_STEPS) goTo(step + 1);
    else if (!submitting) void submit();
  };

  const passwordsEntered = fields.password.length > 0 && fields.confirm_password.length > 0;
  const passwordsMatch = fields.password === fields.confirm_password;
  const heading = STEP_TITLES[step];

  return (
    <Box
      component="form"
      onSubmit={form.onSubmit(onValid, showErrors)}
      noValidate
      ref={formRef}
      onFocus={preloadPreferences}
      onPointerOver={preloadPreferences}
    >
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
          {/* A plain bar rather than Mantine's Progress: this page's script budget is tight. */}
          <Box
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={TOTAL_STEPS}
            aria-valuenow={step}
            aria-label={`Step ${step} of ${TOTAL_STEPS}`}
            h={8}
            bg="gray.2"
            style={{ borderRadius: 999, overflow: 'hidden' }}
          >
            <Box h="100%" w={`${(step / TOTAL_STEPS) * 100}%`} bg="lagoon.6" style={{ transition: 'width 150ms ease' }} />
          </Box>
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
              <TextInput label="First name" autoComplete="given-name" required {...input('first_name')} />
              <TextInput label="Last name" autoComplete="family-name" required {...input('last_name')} />
            </SimpleGrid>
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              required
              {...input('email')}
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
              <TextInput label="City" autoComplete="address-level2" required {...input('city')} description="For trip ideas near you" />
              <TextInput label="State" autoComplete="address-level1" required {...input('state')} description="State, province or region" />
            </SimpleGrid>
            <NativeSelect label="Country" autoComplete="country" required data={countries} {...input('country')} />
            {fields.country === 'OTHER' && <TextInput label="Your country" autoComplete="country-name" required {...input('country_other')} />}
            <PasswordInput
              label="Password"
              autoComplete="new-password"
              required
              {...input('password')}
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
              {...input('confirm_password')}
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

        {step >= 2 && (
          <Suspense fallback={<Loader size="sm" aria-label="Loading the preferences" />}>
            <SignUpPreferences step={step} groups={STEP_GROUPS[step] ?? []} skipped={skipped} value={prefs} errors={errors} onChange={setPreferences} />
          </Suspense>
        )}

        {step >= 2 && !skipped && (
          <UnstyledButton onClick={skip} c="lagoon.8" fz="sm" fw={600} style={{ alignSelf: 'flex-start', textDecoration: 'underline' }}>
            Skip for now - I'll add preferences later
          </UnstyledButton>
        )}

        <Group justify="space-between" mt="xs">
          {step > 1 ? (
            <Button variant="default" onClick={() => goTo(step - 1)} leftSection={<IconArrowLeft size={16} />} disabled={submitting}>
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
