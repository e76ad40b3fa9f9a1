import { Badge, Button, Group, Paper, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchQuery, graphql, useRelayEnvironment } from 'react-relay';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { StoryEditorPageQuery } from '../../__generated__/StoryEditorPageQuery.graphql';
import { Loading } from '../../components/Loading';
import { AUTOSAVE_DELAY_MS, StoryMessages as M } from '../../platform/domain';
import { problemsOf, validateStoryFields } from '../../platform/rules';
import { focusFirstError, ruleErrors, showRefusal } from '../../platform/form/ruleForm';
import { notify } from '../../platform/notify';
import { RelayBoundary } from '../../platform/relay/RelayBoundary';
import { useSession } from '../../platform/SessionProvider';
import { ImagePicker } from './ImagePicker';
import { SectionEditor } from './SectionEditor';
import { NEW_STORY, SECTION_ADDERS, fromLoaded, newSection, toInput, type EditorSection, type EditorStory, type StoryStatus } from './editorModel';
import { MY_STORIES_PATH, storyPath } from './paths';
import { useSaveStory } from './useSaveStory';
import { readerTime } from '../../components/dateFormat';

const Query = graphql`
  query StoryEditorPageQuery($id: ID!) {
    storyForEditing(id: $id) {
      id
      slug
      status
      title
      city
      intro
      tags
      coverUrl
      updatedAt
      sections {
        type
        heading
        body
        title
        items {
          name
          note
          imageUrl
        }
        lists {
          title
          items {
            name
            note
          }
        }
        months
        note
      }
    }
  }
`;

const STATUS = {
  DRAFT: { label: 'Draft', color: 'gray' },
  PUBLISHED: { label: 'Published', color: 'teal' },
  HIDDEN: { label: 'Hidden', color: 'orange' },
} as const;
const timeOf = (iso: string) => readerTime(iso, { hour: 'numeric', minute: '2-digit' });

type Saved = { id: string; slug: string; status: StoryStatus; updatedAt: string };
/** The story's own fields, checked by the server's rule (storyFields.ts); the server's other messages go to the notice. */
const STORY_FIELDS = ['title', 'city', 'intro', 'tags', 'coverUrl'] as const;
type Fields = Omit<EditorStory, 'sections'>;
const fieldsOf = ({ sections: _, ...fields }: EditorStory): Fields => fields;

function Editor({ editId }: { editId: string | null }) {
  const environment = useRelayEnvironment();
  const navigate = useNavigate();
  const form = useForm<Fields>({
    initialValues: fieldsOf(NEW_STORY),
    validate: ruleErrors((v) => problemsOf(validateStoryFields, v), STORY_FIELDS),
  });
  const [sections, setSections] = useState<EditorSection[]>(NEW_STORY.sections);
  const story: EditorStory = { ...form.values, sections };
  const [saved, setSaved] = useState<Saved | null>(null);
  const [loaded, setLoaded] = useState(editId === null);
  // Bumped by every change: autosave waits for a quiet spell after the last one.
  const [version, setVersion] = useState(0);
  const savedVersion = useRef(0);
  const [save, saving, waiting] = useSaveStory();
  const busy = useRef(false);

  useEffect(() => {
    if (!editId) return;
    const subscription = fetchQuery<StoryEditorPageQuery>(environment, Query, { id: editId }, { fetchPolicy: 'network-only' }).subscribe({
      next: (data) => {
        const s = data.storyForEditing;
        const loadedStory = fromLoaded(s);
        form.setValues(fieldsOf(loadedStory));
        setSections(loadedStory.sections);
        setSaved({ id: s.id, slug: s.slug, status: s.status as StoryStatus, updatedAt: s.updatedAt });
        setLoaded(true);
      },
      error: (error: Error) => {
        notify.error(error.message.includes(M.notFoundOrNotYours) ? M.notFoundOrNotYours : M.loadFailed);
        void navigate(MY_STORIES_PATH, { replace: true });
      },
    });
    return () => subscription.unsubscribe();
    // The form's setters are stable; the story loads once per id.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editId, environment, navigate]);

  const edited = () => setVersion((v) => v + 1);
  const changeSections = (next: EditorSection[]) => {
    setSections(next);
    edited();
  };
  /** A field's props: every change also counts towards autosave. */
  const field = <K extends keyof Fields>(name: K) => {
    const props = form.getInputProps(name);
    return { ...props, onChange: (value: unknown) => (props.onChange(value), edited()) };
  };

  /** Saves with `status`; `silent` for autosave (no notices, no field errors shown). */
  const run = useCallback(
    async (status: StoryStatus, silent: boolean): Promise<Saved | null> => {
      if (busy.current) return null;
      busy.current = true;
      const at = version;
      try {
        const outcome = await save(toInput(story, saved?.id ?? null, status));
        if (!outcome.ok) {
          if (silent) console.warn('autosave failed:', outcome.message);
          else {
            const notice = showRefusal(form, outcome, STORY_FIELDS);
            if (notice) notify.error(notice);
          }
          return null;
        }
        const value = { ...outcome.value, status: outcome.value.status as StoryStatus };
        setSaved(value);
        form.clearErrors();
        savedVersion.current = at;
        return value;
      } finally {
        busy.current = false;
      }
    },
    // `story` is rebuilt on each render from the form and the sections.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [save, saved?.id, form.values, sections, version],
  );

  // Autosave: a quiet spell after the last change, with a title, never during a save, and on
  // the edit screen only once the story has loaded. A published story stays published.
  useEffect(() => {
    if (version === savedVersion.current || !loaded || !story.title.trim()) return;
    const timer = setTimeout(() => void run(saved?.status === 'PUBLISHED' ? 'PUBLISHED' : 'DRAFT', true), AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [version, loaded, story.title, run, saved?.status]);

  if (!loaded) return <Loading />;

  /** The server's rule over the story's fields; the first at fault gets the focus. */
  const checkRequired = () => {
    const { hasErrors, errors } = form.validate();
    if (hasErrors) focusFirstError(form)(errors);
    return !hasErrors;
  };

  const saveDraft = async () => {
    if (!checkRequired()) return;
    const result = await run('DRAFT', false);
    // A draft saved offline has no address yet (it waits on the device).
    if (result && !result.slug) notify.info('The draft is kept on this device and will be saved when you are back online.', 'Waiting for the network');
    else if (result) notify.success('Draft saved.');
  };
  const publish = async () => {
    if (!checkRequired()) return;
    const result = await run('PUBLISHED', false);
    if (result) void navigate(storyPath(result.slug));
  };
  const preview = async () => {
    if (!checkRequired()) return;
    // Opened now, while the click still allows a new tab; pointed at the story once saved.
    const tab = window.open('', '_blank');
    const result = version === savedVersion.current && saved ? saved : await run(saved?.status ?? 'DRAFT', false);
    if (!result?.slug) return tab?.close();
    if (tab) {
      tab.opener = null;
      tab.location.href = storyPath(result.slug);
    }
  };

  const status = STATUS[saved?.status ?? 'DRAFT'];
  return (
    <Stack gap="lg" maw={820} mx="auto">
      <Group justify="space-between" align="center">
        <Title order={1}>{editId ? 'Edit Story' : 'Write Your Story'}</Title>
        <Group gap="sm">
          <Badge color={status.color} variant="light" data-testid="story-status">
            {status.label}
          </Badge>
          {saved && (
            <Text size="sm" c="dimmed" role="status" aria-live="polite">
              {waiting ? 'Kept on this device, not saved yet' : saved.slug ? `Saved ${timeOf(saved.updatedAt)}` : 'Saved'}
            </Text>
          )}
        </Group>
      </Group>

      <Paper withBorder p="md">
        <Stack gap="sm">
          <TextInput label="Title" required {...field('title')} />
          <TextInput label="City" required {...field('city')} />
          <Textarea label="Intro" autosize minRows={3} {...field('intro')} />
          <TextInput label="Tags" description="Separate tags with commas" {...field('tags')} />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              Cover image
            </Text>
            <ImagePicker label="Upload cover" value={story.coverUrl} onChange={(coverUrl) => field('coverUrl').onChange(coverUrl)} />
            {form.errors.coverUrl && (
              <Text size="xs" c="red.8" role="alert">
                {form.errors.coverUrl}
              </Text>
            )}
          </Stack>
        </Stack>
      </Paper>

      {sections.map((section, i) => (
        <SectionEditor
          key={section.key}
          section={section}
          index={i}
          onChange={(next) => changeSections(sections.map((s) => (s.key === section.key ? next : s)))}
          onRemove={() => changeSections(sections.filter((s) => s.key !== section.key))}
        />
      ))}

      <Group gap="xs" aria-label="Add a section" role="group">
        {SECTION_ADDERS.map((adder) => (
          <Button
            key={adder.label}
            variant="light"
            size="xs"
            leftSection={<IconPlus size={14} />}
            onClick={() => changeSections([...sections, newSection(adder.type, adder.title)])}
          >
            {adder.label}
          </Button>
        ))}
      </Group>

      <Group justify="flex-end" gap="sm">
        <Button component={Link} to={MY_STORIES_PATH} variant="subtle">
          Cancel
        </Button>
        <Button variant="default" onClick={preview} disabled={saving}>
          Preview
        </Button>
        <Button variant="default" onClick={saveDraft} disabled={saving}>
          {saving ? 'Saving…' : 'Save Draft'}
        </Button>
        <Button onClick={publish} disabled={saving}>
          Publish
        </Button>
      </Group>
    </Stack>
  );
}

/** /blog/write (a new story) and /blog/edit/:id (the author's own). */
export default function StoryEditorPage() {
  const { id } = useParams();
  const { user, loading } = useSession();
  if (loading) return <Loading />;
  if (!user) {
    return (
      <Stack align="center" py="xl" gap="sm">
        <Title order={1}>{id ? 'Edit Story' : 'Write Your Story'}</Title>
        <Text>{id ? M.signInToEdit : M.signInToCreate}</Text>
        <Button component={Link} to={`/signin?next=${encodeURIComponent(id ? `/blog/edit/${id}` : '/blog/write')}`}>
          Sign in
        </Button>
      </Stack>
    );
  }
  return (
    <RelayBoundary>
      <Editor key={id ?? 'new'} editId={id ?? null} />
    </RelayBoundary>
  );
}
