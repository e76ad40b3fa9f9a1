import { Alert, Badge, Box, Button, Group, NativeSelect, Paper, PasswordInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconDeviceFloppy } from '@tabler/icons-react';
import { useForm, type FormErrors } from '@mantine/form';
import { useMemo, useState } from 'react';
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
import { focusFirstError, ruleErrors, showRefusal } from '../../platform/form/ruleForm';
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

/** The form's fields in the order it shows them; the first at fault leads the summary. */
const ORDER = ['firstName', 'lastName', 'email', 'phone', 'city', 'state', 'country', 'countryOther', 'currentPassword'] as const;
type Field = (typeof ORDER)[number];

interface Values extends ProfileFields {
  /** Asked for only when the e-mail changes (the server requires it then). */
  currentPassword: string;
  prefs: TravelPreferences;
}

/**
 * The server's profile rule (accountFields.ts: names, places, country) and its e-mail rule, and
 * the current password the server asks for when the address changes.
 */
function problems(v: Values, storedEmail: string) {
  const list: { field: Field; message: string }[] = profileFieldProblems(v);
  const email = v.email.trim().toLowerCase();
  if (!isEmailAddress(email)) list.push({ field: 'email', message: AccountMessages.invalidEmail });
  if (email !== storedEmail.toLowerCase() && !v.currentPassword) list.push({ field: 'currentPassword', message: AccountMessages.currentPasswordRequired });
  return list;
}

const firstMessage = (errors: FormErrors) => ORDER.map((f) => errors[f]).find((m) => typeof m === 'string') as string | undefined;

export function ProfileForm({ user }: { user: ProfileForm_user$key }) {
  const data = useFragment(UserFragment, user);
  const storedEmail = data.email ?? '';
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: {
      firstName: data.firstName,
      lastName: data.lastName,
      email: storedEmail,
      phone: data.phone ?? '',
      city: data.city ?? '',
      state: data.state ?? '',
      country: data.country ?? '',
      countryOther: data.countryOther ?? '',
      currentPassword: '',
      prefs: knownChoices(data.travelPreferences),
    },
    validate: ruleErrors((v: Values) => problems(v, storedEmail), ORDER),
  });
  const [update, saving] = useUpdateProfile();
  const countries = useMemo(() => [{ value: '', label: 'Not set' }, ...SIGNUP_COUNTRIES.map((code) => ({ value: code, label: countryName(code) }))], []);
  const fields = form.values;
  const emailChanged = fields.email.trim().toLowerCase() !== storedEmail.toLowerCase();

  /** The summary on top and in a notice (the first field's problem, or what no field says). */
  const summarize = (message: string) => {
    setFormError(message);
    notify.error(message);
  };

  const save = async (v: Values) => {
    if (saving) return;
    setFormError(null);
    const outcome = await update({
      firstName: v.firstName.trim(),
      lastName: v.lastName.trim(),
      email: v.email.trim(),
      ...(emailChanged ? { currentPassword: v.currentPassword } : {}),
      phone: v.phone.trim() || null,
      city: v.city.trim() || null,
      state: v.state.trim() || null,
      country: v.country || null,
      countryOther: v.country === 'OTHER' ? v.countryOther.trim() : null,
      travelPreferences: v.prefs,
    });
    if (outcome.ok) {
      if (outcome.value.emailChangeSent) {
        // The account keeps its address until the link is opened: show that one again.
        form.setValues({ email: storedEmail, currentPassword: '' });
        notify.success(AccountMessages.emailChangeSent);
      } else {
        notify.success(AccountMessages.profileUpdated);
      }
      return;
    }
    // The summary says what no field says, else the server's own summary.
    summarize(showRefusal(form, outcome, ORDER) ?? outcome.message);
  };

  const onSubmit = form.onSubmit(save, (errors) => {
    focusFirstError(form)(errors);
    summarize(firstMessage(errors) ?? AccountMessages.invalidEmail);
  });

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
              <TextInput label="First name" autoComplete="given-name" required {...form.getInputProps('firstName')} />
              <TextInput label="Last name" autoComplete="family-name" required {...form.getInputProps('lastName')} />
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
                {...form.getInputProps('email')}
                description={
                  emailChanged ? 'We will send a confirmation link to the new address. You keep signing in with the current one until you open it.' : undefined
                }
              />
              <TextInput label="Phone" type="tel" autoComplete="tel" {...form.getInputProps('phone')} />
            </SimpleGrid>
            {emailChanged && (
              <PasswordInput
                label="Current password"
                description="To change your email address, confirm it is you."
                autoComplete="current-password"
                required
                maw={{ sm: 'calc(50% - var(--mantine-spacing-sm) / 2)' }}
                {...form.getInputProps('currentPassword')}
              />
            )}
            {data.pendingEmail && <PendingEmailNotice currentEmail={data.email ?? ''} pendingEmail={data.pendingEmail} />}
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              <TextInput label="City" autoComplete="address-level2" {...form.getInputProps('city')} />
              <TextInput label="State" autoComplete="address-level1" {...form.getInputProps('state')} />
              <NativeSelect label="Country" autoComplete="country" data={countries} {...form.getInputProps('country')} />
            </SimpleGrid>
            {fields.country === 'OTHER' && <TextInput label="Your country" autoComplete="country-name" required {...form.getInputProps('countryOther')} />}
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
            <PreferenceFields
              single={SINGLE_PREFERENCE_FIELDS}
              multi={MULTI_PREFERENCE_FIELDS}
              value={fields.prefs}
              onChange={(prefs) => form.setFieldValue('prefs', prefs)}
            />
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
