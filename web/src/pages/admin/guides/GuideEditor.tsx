/**
 * Edit Guide / New Guide: a guide's heading fields and every section of its page, in a modal
 * (the whole screen on a phone). The server checks the whole guide; the fields it names are
 * marked where they are and their sections opened, and the notice says what went wrong.
 */
import { Accordion, Box, Button, FileButton, Group, Loader, Modal, Select, SimpleGrid, Stack, Text, TextInput, Textarea, NumberInput } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { Suspense, useState } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import type { GuideEditorQuery } from '../../../__generated__/GuideEditorQuery.graphql';
import { GUIDE_LIMITS as L, GUIDE_TIERS, type GuideContent } from '../../../platform/domain';
import type { Outcome } from '../../../platform/outcome';
import { IMAGE_TYPES, useImageUpload } from '../../stories/uploadImage';
import { PriceField, RowList, TextList, type GuideForm } from './editorFields';
import { blankPrice, initialValues, isFormPath, sectionOf, slugOf, toInput, type GuideHeading } from './guideForm';
import { adminFormErrors } from '../kit/adminFormErrors';
import type { GuideInput } from './useAdminGuideActions';
import { useAdminFetchKey } from '../kit/retryKey';
import { FormActions } from '../../../components/FormActions';

const Query = graphql`
  query GuideEditorQuery($id: ID!) {
    admin {
      guide(id: $id) {
        id
        slug
        title
        city
        country
        description
        author
        content
      }
    }
  }
`;

const TIER_OPTIONS = GUIDE_TIERS.map((t) => ({ value: t, label: t === 'mid' ? 'Mid-range' : t[0]!.toUpperCase() + t.slice(1) }));

export interface GuideEditorProps {
  /** The guide to edit, or null for a new one. */
  guideId: string | null;
  opened: boolean;
  onClose: () => void;
  /** Saves; the outcome's field errors are shown on the form. */
  onSave: (guideId: string | null, input: GuideInput) => Promise<Outcome>;
}

export function GuideEditor({ guideId, opened, onClose, onSave }: GuideEditorProps) {
  const phone = useMediaQuery('(max-width: 48em)');
  return (
    <Modal opened={opened} onClose={onClose} title={guideId ? 'Edit Guide' : 'New Guide'} size="xl" fullScreen={!!phone} closeOnClickOutside={false}>
      {opened && (
        <Suspense
          fallback={
            <Group justify="center" py="xl">
              <Loader size="sm" />
              <Text c="dimmed">Loading the guide...</Text>
            </Group>
          }
        >
          {guideId ? (
            <ExistingGuide guideId={guideId} onClose={onClose} onSave={onSave} />
          ) : (
            <EditorForm guideId={null} heading={null} content={null} onClose={onClose} onSave={onSave} />
          )}
        </Suspense>
      )}
    </Modal>
  );
}

/** Uploads a hero picture to the product's own storage (the same pipeline as stories' pictures). */
function HeroUpload({ onUploaded }: { onUploaded: (url: string) => void }) {
  const { uploading, pick } = useImageUpload(onUploaded);
  return (
    <FileButton onChange={(file) => void pick(file)} accept={IMAGE_TYPES}>
      {(props) => (
        <Button {...props} variant="default" loading={uploading} leftSection={<IconPhoto size={14} aria-hidden />}>
          Upload
        </Button>
      )}
    </FileButton>
  );
}

function ExistingGuide({ guideId, onClose, onSave }: { guideId: string; onClose: () => void; onSave: GuideEditorProps['onSave'] }) {
  const data = useLazyLoadQuery<GuideEditorQuery>(Query, { id: guideId }, { fetchPolicy: 'network-only', fetchKey: useAdminFetchKey() });
  const guide = data.admin?.guide;
  if (!guide) return <Text c="dimmed">This guide no longer exists.</Text>;
  return <EditorForm guideId={guideId} heading={guide} content={(guide.content as GuideContent | null) ?? null} onClose={onClose} onSave={onSave} />;
}

function EditorForm({
  guideId,
  heading,
  content,
  onClose,
  onSave,
}: {
  guideId: string | null;
  heading: GuideHeading | null;
  content: GuideContent | null;
  onClose: () => void;
  onSave: GuideEditorProps['onSave'];
}) {
  const form = useForm({ initialValues: initialValues(heading, content) });
  const [open, setOpen] = useState<string[]>(['basics']);
  const [saving, setSaving] = useState(false);
  // A new guide's address follows its city until the editor types one of their own.
  const [slugTouched, setSlugTouched] = useState(!!guideId);

  const save = async () => {
    setSaving(true);
    try {
      const outcome = await onSave(guideId, toInput(form.values));
      if (outcome.ok) return;
      const fields = adminFormErrors(outcome, (field) => (isFormPath(form.values, field) ? field : null));
      form.setErrors(fields);
      setOpen((now) => [...new Set([...now, ...Object.keys(fields).map(sectionOf)])]);
    } finally {
      setSaving(false);
    }
  };

  const cityProps = form.getInputProps('city');
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <Stack gap="md">
        {!content && guideId && (
          <Text size="sm" c="dimmed">
            This guide has no page yet: readers see the generic City Guide until its sections are filled in and saved.
          </Text>
        )}
        <Accordion multiple value={open} onChange={setOpen} variant="separated">
          <Accordion.Item value="basics">
            <Accordion.Control>Basics</Accordion.Control>
            <Accordion.Panel>
              <Stack gap="sm">
                <TextInput {...form.getInputProps('title')} label="Title" placeholder="Porto Travel Guide" withAsterisk />
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <TextInput
                    {...cityProps}
                    label="City"
                    withAsterisk
                    onChange={(e) => {
                      cityProps.onChange(e);
                      if (!slugTouched) form.setFieldValue('slug', slugOf(e.currentTarget.value));
                    }}
                  />
                  <TextInput {...form.getInputProps('country')} label="Country" withAsterisk />
                </SimpleGrid>
                <TextInput
                  {...form.getInputProps('slug')}
                  label="Address (slug)"
                  description={`Readers find it at /guides/${form.values.slug || '…'}`}
                  withAsterisk
                  onFocus={() => setSlugTouched(true)}
                />
                <Textarea
                  {...form.getInputProps('description')}
                  label="Summary"
                  description="One or two sentences, under the title and in link previews."
                  autosize
                  minRows={2}
                />
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <TextInput {...form.getInputProps('author')} label="Author" placeholder="Tripcrew Editors" />
                  <TextInput {...form.getInputProps('content.updatedLabel')} label="Last updated" placeholder="March 2026" withAsterisk />
                </SimpleGrid>
                <Group align="flex-end" gap="sm" wrap="nowrap">
                  <TextInput
                    {...form.getInputProps('content.heroImage')}
                    label="Hero image"
                    description="Upload a picture (Tripcrew serves it) or give a path on Tripcrew; empty uses the product's own picture for this address."
                    placeholder="/guide-images/…"
                    style={{ flex: 1 }}
                  />
                  <HeroUpload onUploaded={(url) => form.setFieldValue('content.heroImage', url)} />
                </Group>
                <TextList form={form} path="content.tags" label="Tags" itemLabel="Tag" max={L.tags} />
              </Stack>
            </Accordion.Panel>
          </Accordion.Item>
          <Accordion.Item value="facts">
            <Accordion.Control>Quick facts</Accordion.Control>
            <Accordion.Panel>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <Textarea {...form.getInputProps('content.quickFacts.bestTime')} label="Best time" withAsterisk autosize minRows={1} />
                <Textarea {...form.getInputProps('content.quickFacts.dailyBudget')} label="Daily budget" withAsterisk autosize minRows={1} />
                <Textarea {...form.getInputProps('content.quickFacts.mustTry')} label="Must-try" withAsterisk autosize minRows={1} />
                <Textarea {...form.getInputProps('content.quickFacts.hiddenGem')} label="Hidden gem" withAsterisk autosize minRows={1} />
              </SimpleGrid>
            </Accordion.Panel>
          </Accordion.Item>
          <Accordion.Item value="stay">
            <Accordion.Control>Where to stay</Accordion.Control>
            <Accordion.Panel>
              <StaySection form={form} />
            </Accordion.Panel>
          </Accordion.Item>
          <Accordion.Item value="activities">
            <Accordion.Control>What to do</Accordion.Control>
            <Accordion.Panel>
              <ActivitiesSection form={form} />
            </Accordion.Panel>
          </Accordion.Item>
          <Accordion.Item value="when">
            <Accordion.Control>When to go</Accordion.Control>
            <Accordion.Panel>
              <Stack gap="sm">
                <Textarea {...form.getInputProps('content.whenToGo.peak')} label="Peak season" withAsterisk autosize minRows={1} />
                <Textarea {...form.getInputProps('content.whenToGo.sweetSpot')} label="Sweet spot" withAsterisk autosize minRows={1} />
                <Textarea {...form.getInputProps('content.whenToGo.winter')} label="Winter" withAsterisk autosize minRows={1} />
                <TextInput
                  {...form.getInputProps('content.flightTo')}
                  label="Flights to"
                  description="The airport the flight search opens with."
                  placeholder="Porto (OPO)"
                  withAsterisk
                />
              </Stack>
            </Accordion.Panel>
          </Accordion.Item>
          <Accordion.Item value="plans">
            <Accordion.Control>Sample itineraries</Accordion.Control>
            <Accordion.Panel>
              <RowList
                form={form}
                path="content.itineraries"
                label="Itineraries"
                itemLabel="Itinerary"
                max={L.itineraries}
                blank={() => ({ key: `plan-${form.values.content.itineraries.length + 1}`, title: '', from: blankPrice(), days: [''] })}
              >
                {(base) => (
                  <>
                    <SimpleGrid cols={{ base: 1, sm: 2 }}>
                      <TextInput {...form.getInputProps(`${base}.title`)} label="Plan title" placeholder="3-Day Porto" withAsterisk />
                      <TextInput {...form.getInputProps(`${base}.key`)} label="Plan key" description="Lower-case, e.g. 3-day" withAsterisk />
                    </SimpleGrid>
                    <PriceField form={form} path={`${base}.from`} label="From" />
                    <TextList form={form} path={`${base}.days`} label="Days" itemLabel="Day" max={L.days} multiline />
                  </>
                )}
              </RowList>
            </Accordion.Panel>
          </Accordion.Item>
          <Accordion.Item value="tips">
            <Accordion.Control>Map & local tips</Accordion.Control>
            <Accordion.Panel>
              <Stack gap="sm">
                <SimpleGrid cols={2}>
                  <NumberInput {...form.getInputProps('content.latitude')} label="Latitude" decimalScale={6} min={-90} max={90} withAsterisk />
                  <NumberInput {...form.getInputProps('content.longitude')} label="Longitude" decimalScale={6} min={-180} max={180} withAsterisk />
                </SimpleGrid>
                <TextList form={form} path="content.tips" label="Local tips" itemLabel="Tip" max={L.tips} multiline />
              </Stack>
            </Accordion.Panel>
          </Accordion.Item>
          <Accordion.Item value="budget">
            <Accordion.Control>Budget guide</Accordion.Control>
            <Accordion.Panel>
              <RowList
                form={form}
                path="content.budget"
                label="Budget tiers"
                itemLabel="Tier"
                max={L.budget}
                blank={() => ({ tier: 'mid', daily: blankPrice(), includes: '' })}
              >
                {(base) => (
                  <>
                    <Select {...form.getInputProps(`${base}.tier`)} label="Tier" data={TIER_OPTIONS} allowDeselect={false} />
                    <PriceField form={form} path={`${base}.daily`} label="Per day" />
                    <Textarea {...form.getInputProps(`${base}.includes`)} label="Includes" withAsterisk autosize minRows={1} />
                  </>
                )}
              </RowList>
            </Accordion.Panel>
          </Accordion.Item>
        </Accordion>
        <FormActions onCancel={onClose} saving={saving} submitLabel={guideId ? 'Save Changes' : 'Create Guide'} gap="sm" />
      </Stack>
    </Box>
  );
}

function HotelFields({ form, base, price, area }: { form: GuideForm; base: string; price: string; area: boolean }) {
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput {...form.getInputProps(`${base}.name`)} label="Hotel name" withAsterisk />
        {area ? (
          <TextInput {...form.getInputProps(`${base}.area`)} label="Area" withAsterisk />
        ) : (
          <Select {...form.getInputProps(`${base}.tier`)} label="Tier" data={TIER_OPTIONS} allowDeselect={false} />
        )}
      </SimpleGrid>
      <PriceField form={form} path={`${base}.${price}`} label={area ? 'Per night' : 'From'} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput {...form.getInputProps(`${base}.partner`)} label="Partner" placeholder="Booking.com" withAsterisk />
        <TextInput {...form.getInputProps(`${base}.url`)} label="Link" placeholder="https://…" withAsterisk />
      </SimpleGrid>
      {area && <Textarea {...form.getInputProps(`${base}.blurb`)} label="Blurb" withAsterisk autosize minRows={1} />}
    </>
  );
}

function StaySection({ form }: { form: GuideForm }) {
  return (
    <Stack gap="lg">
      <RowList
        form={form}
        path="content.neighborhoods"
        label="Neighbourhoods"
        itemLabel="Neighbourhood"
        max={L.neighborhoods}
        blank={() => ({ name: '', summary: '', details: [], hotels: [] })}
      >
        {(base) => (
          <>
            <TextInput {...form.getInputProps(`${base}.name`)} label="Neighbourhood name" withAsterisk />
            <Textarea {...form.getInputProps(`${base}.summary`)} label="Summary" withAsterisk autosize minRows={1} />
            <TextList form={form} path={`${base}.details`} label="Details" itemLabel="Detail" max={L.neighborhoodDetails} />
            <RowList
              form={form}
              path={`${base}.hotels`}
              label="Hotels here"
              itemLabel="Hotel"
              max={L.neighborhoodHotels}
              blank={() => ({ name: '', tier: 'mid', from: blankPrice(), partner: 'Booking.com', url: '' })}
            >
              {(hotel) => <HotelFields form={form} base={hotel} price="from" area={false} />}
            </RowList>
          </>
        )}
      </RowList>
      <RowList
        form={form}
        path="content.hotels"
        label="Hotel picks"
        itemLabel="Hotel pick"
        max={L.hotels}
        blank={() => ({ name: '', area: '', nightly: blankPrice(), partner: 'Booking.com', url: '', blurb: '' })}
      >
        {(base) => <HotelFields form={form} base={base} price="nightly" area />}
      </RowList>
    </Stack>
  );
}

function ActivitiesSection({ form }: { form: GuideForm }) {
  return (
    <Stack gap="lg">
      <RowList
        form={form}
        path="content.activities.lists"
        label="Activity lists"
        itemLabel="Activity list"
        max={L.activityLists}
        blank={() => ({ title: '', items: [''] })}
      >
        {(base) => (
          <>
            <TextInput {...form.getInputProps(`${base}.title`)} label="List title" placeholder="Food" withAsterisk />
            <TextList form={form} path={`${base}.items`} label="Items" itemLabel="Item" max={L.activityItems} />
          </>
        )}
      </RowList>
      <RowList
        form={form}
        path="content.activities.dayTrips"
        label="Day trips"
        itemLabel="Day trip"
        max={L.dayTrips}
        blank={() => ({ name: '', note: '', url: '' })}
      >
        {(base) => (
          <>
            <TextInput {...form.getInputProps(`${base}.name`)} label="Day trip name" withAsterisk />
            <Textarea {...form.getInputProps(`${base}.note`)} label="Note" withAsterisk autosize minRows={1} />
            <TextInput {...form.getInputProps(`${base}.url`)} label="Link" placeholder="https://…" withAsterisk />
          </>
        )}
      </RowList>
      <RowList
        form={form}
        path="content.activities.cards"
        label="Tours"
        itemLabel="Tour"
        max={L.cards}
        blank={() => ({ name: '', note: '', price: blankPrice(), partner: 'GetYourGuide', url: '' })}
      >
        {(base) => (
          <>
            <TextInput {...form.getInputProps(`${base}.name`)} label="Tour name" withAsterisk />
            <Textarea {...form.getInputProps(`${base}.note`)} label="Note" withAsterisk autosize minRows={1} />
            <PriceField form={form} path={`${base}.price`} label="Price" />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput {...form.getInputProps(`${base}.partner`)} label="Partner" withAsterisk />
              <TextInput {...form.getInputProps(`${base}.url`)} label="Link" placeholder="https://…" withAsterisk />
            </SimpleGrid>
          </>
        )}
      </RowList>
    </Stack>
  );
}
