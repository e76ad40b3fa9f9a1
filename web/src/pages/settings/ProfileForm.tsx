import { Alert, Badge, Box, Button, Group, NativeSelect, Paper, PasswordInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconDeviceFloppy } from '@tabler/icons-react';
import { useMemo, useState, type FormEvent } from 'react';
import { graphql, useFragment } from 'react-relay';
import type { ProfileForm_user$key } from '../../__generated__/ProfileForm_user.graphql';
import { PreferenceFields } from '../../components/preferences/PreferencePickers';
import {
  AccountMessages,
  isEmailAddress,
  MULTI_CHOICE_GROUPS,
  MULTI_PREFERENCE_FIELDS,
  profileFieldProblems,
  SINGLE_PREFERENCE_FIELDS,
  SIGNUP_COUNTRIES,
  SINGLE_CHOICE_GROUPS,
  type TravelPreferences,
} from '../../platform/domain';
import { formErrors } from '../../platform/formErrors';
import { notify } from '../../platform/notify';
import { countryName } from '../accounts/countries';
import { PendingEmailNotice } from './PendingEmailNotice';
import { useUpdateProfile } from './useUpdateProfile';

const UserFragment = graphql`
  fragment ProfileForm_user on User {
    id
    firstName
    lastName
    email
    emailVerified
    pendingEmail
    phone
    city
    state
    country
    countryOther
    travelPreferences {
      travelFrequency
      groupSize
      budgetRange
      preferredDestinations
      activities
      travelStyle
      accommodation
      transportation
    }
  }
`;

interface ProfileFields {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  city: string;
  state: string;
  country: string;
  countryOther: string;
}

type FieldErrors = Partial<Record<keyof ProfileFields, string>>;

type StoredPreferences = { readonly [K in keyof TravelPreferences]?: TravelPreferences[K] | readonly string[] | null };

/**
 * Only the listed choices can be shown (and saved: the server refuses others), so a stored
 * value that is no longer a choice is left out of the form.
 */
function knownChoices(given: StoredPreferences | null | undefined): TravelPreferences {
  // Always present for the viewer's own profile; null only for someone else's.
  const stored: Partial<NonNullable<StoredPreferences>> = given ?? {};
  const single = (key: keyof typeof SINGLE_CHOICE_GROUPS) => {
    const value = stored[key];
    return typeof value === 'string' && (SINGLE_CHOICE_GROUPS[key] as readonly string[]).includes(value) ? value : null;
  };
  const multi = (key: keyof typeof MULTI_CHOICE_GROUPS) => {
    const value = stored[key];
    return Array.isArray(value) ? value.filter((v: string) => (MULTI_CHOICE_GROUPS[key] as readonly string[]).includes(v)) : [];
  };
  return {
    ...Object.fromEntries(SINGLE_PREFERENCE_FIELDS.map((key) => [key, single(key)])),
    ...Object.fromEntries(MULTI_PREFERENCE_FIELDS.map((key) => [key, multi(key)])),
  } as TravelPreferences;
}

export function ProfileForm({ user }: { user: ProfileForm_user$key }) {
  const data = useFragment(UserFragment, user);
  const [fields, setFields] = useState<ProfileFields>(() => ({
    firstName: data.firstName,
    lastName: data.lastName,
    email: data.email ?? '',
    phone: data.phone ?? '',
    city: data.city ?? '',
    state: data.state ?? '',
    country: data.country ?? '',
    countryOther: data.countryOther ?? '',
  }));
  const [prefs, setPrefs] = useState<TravelPreferences>(() => knownChoices(data.travelPreferences));
  // Asked for only when the e-mail changes (the server requires it then).
  const [currentPassword, setCurrentPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [update, saving] = useUpdateProfile();
  const countries = useMemo(() => [{ value: '', label: 'Not set' }, ...SIGNUP_COUNTRIES.map((code) => ({ value: code, label: countryName(code) }))], []);

  const set = (name: keyof ProfileFields) => (event: { currentTarget: { value: string } }) => {
    const { value } = event.currentTarget;
    setFields((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
  };

  const emailChanged = fields.email.trim().toLowerCase() !== (data.email ?? '').toLowerCase();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    // The server's profile rule (accountFields.ts), in the form's order: names, email, then places.
    const shared = profileFieldProblems(fields);
    const nextErrors: FieldErrors = {};
    for (const p of shared) if (p.field === 'firstName' || p.field === 'lastName') nextErrors[p.field] = p.message;
    if (!isEmailAddress(fields.email.trim().toLowerCase())) nextErrors.email = AccountMessages.invalidEmail;
    for (const p of shared) nextErrors[p.field] ??= p.message;
    setErrors(nextErrors);
    const needsPassword = emailChanged && !currentPassword;
    setPasswordError(needsPassword ? AccountMessages.currentPasswordRequired : null);
    const first = Object.values(nextErrors)[0] ?? (needsPassword ? AccountMessages.currentPasswordRequired : undefined);
    if (first) {
      setFormError(first);
      notify.error(first);
      return;
    }
    setFormError(null);
    const outcome = await update({
      firstName: fields.firstName.trim(),
      lastName: fields.lastName.trim(),
      email: fields.email.trim(),
      ...(emailChanged ? { currentPassword } : {}),
      phone: fields.phone.trim() || null,
      city: fields.city.trim() || null,
      state: fields.state.trim() || null,
      country: fields.country || null,
      countryOther: fields.country === 'OTHER' ? fields.countryOther.trim() : null,
      travelPreferences: prefs,
    });
    if (outcome.ok) {
      if (outcome.value.emailChangeSent) {
        // The account keeps its address until the link is opened: show that one again.
        setFields((current) => ({ ...current, email: data.email ?? '' }));
        setCurrentPassword('');
        notify.success(AccountMessages.emailChangeSent);
      } else {
        notify.success(AccountMessages.profileUpdated);
      }
      return;
    }
    const shown = formErrors(outcome, [...(Object.keys(fields) as (keyof ProfileFields)[]), 'currentPassword']);
    const { currentPassword: passwordProblem, ...onFields } = shown.fields;
    setErrors(onFields);
    setPasswordError(passwordProblem ?? null);
    // The summary on top says what no field says, else the server's own summary.
    const summary = shown.notice ?? outcome.message;
    setFormError(summary);
    notify.error(summary);
  };

  return (
    <Box component="form" onSubmit={onSubmit} noValidate>
      <Stack gap="lg">
        {formError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {formError}
          </Alert>
        )}
        <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
          <Title order={2} fz="lg" mb="md">
            Profile
          </Title>
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput label="First name" autoComplete="given-name" required value={fields.firstName} onChange={set('firstName')} error={errors.firstName} />
              <TextInput label="Last name" autoComplete="family-name" required value={fields.lastName} onChange={set('lastName')} error={errors.lastName} />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput
                label={
                  <Group gap={6} component="span">
                    Email
                    {data.emailVerified ? (
                      <Badge size="xs" color="teal.9" variant="filled">
                        Verified
                      </Badge>
                    ) : (
                      <Badge size="xs" color="orange.9" variant="filled">
                        Not verified
                      </Badge>
                    )}
                  </Group>
                }
                type="email"
                autoComplete="email"
                required
                value={fields.email}
                onChange={set('email')}
                error={errors.email}
                description={
                  emailChanged ? 'We will send a confirmation link to the new address. You keep signing in with the current one until you open it.' : undefined
                }
              />
              <TextInput label="Phone" type="tel" autoComplete="tel" value={fields.phone} onChange={set('phone')} error={errors.phone} />
            </SimpleGrid>
            {emailChanged && (
              <PasswordInput
                label="Current password"
                description="To change your email address, confirm it is you."
                autoComplete="current-password"
                required
                maw={{ sm: 'calc(50% - var(--mantine-spacing-sm) / 2)' }}
                value={currentPassword}
                onChange={(event) => {
                  setCurrentPassword(event.currentTarget.value);
                  setPasswordError(null);
                }}
                error={passwordError}
              />
            )}
            {data.pendingEmail && <PendingEmailNotice currentEmail={data.email ?? ''} pendingEmail={data.pendingEmail} />}
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              <TextInput label="City" autoComplete="address-level2" value={fields.city} onChange={set('city')} error={errors.city} />
              <TextInput label="State" autoComplete="address-level1" value={fields.state} onChange={set('state')} error={errors.state} />
              <NativeSelect label="Country" autoComplete="country" data={countries} value={fields.country} onChange={set('country')} error={errors.country} />
            </SimpleGrid>
            {fields.country === 'OTHER' && (
              <TextInput
                label="Your country"
                autoComplete="country-name"
                required
                value={fields.countryOther}
                onChange={set('countryOther')}
                error={errors.countryOther}
              />
            )}
          </Stack>
        </Paper>

        <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
          <Title order={2} fz="lg">
            Travel preferences
          </Title>
          <Text c="dimmed" fz="sm" mb="lg">
            Pick as many as you like. You can change them any time.
          </Text>
          <Stack gap="lg">
            <PreferenceFields single={SINGLE_PREFERENCE_FIELDS} multi={MULTI_PREFERENCE_FIELDS} value={prefs} onChange={setPrefs} />
          </Stack>
        </Paper>

        <Group justify="flex-end">
          <Button type="submit" size="md" loading={saving} leftSection={<IconDeviceFloppy size={18} />}>
            Save changes
          </Button>
        </Group>
      </Stack>
    </Box>
  );
}
