import { Badge, Button, Group, Paper, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchQuery, graphql, useRelayEnvironment } from 'react-relay';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { StoryEditorPageQuery } from '../../__generated__/StoryEditorPageQuery.graphql';
import { Loading } from '../../components/Loading';
import { AUTOSAVE_DELAY_MS, StoryMessages as M } from '../../platform/domain';
import { formErrors } from '../../platform/formErrors';
import { notify } from '../../platform/notify';
import { RelayBoundary } from '../../platform/relay/RelayBoundary';
import { useSession } from '../../platform/SessionProvider';
import { ImagePicker } from './ImagePicker';
import { SectionEditor } from './SectionEditor';
import { NEW_STORY, SECTION_ADDERS, fromLoaded, newSection, toInput, type EditorStory, type StoryStatus } from './editorModel';
import { MY_STORIES_PATH, storyPath } from './paths';
import { useSaveStory } from './useSaveStory';

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
const timeOf = (iso: string) => new Date(iso).toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' });

type Saved = { id: string; slug: string; status: StoryStatus; updatedAt: string };
/** The fields that show their own message; the server's others go to the notice. */
const STORY_FIELDS = ['title', 'city', 'intro', 'tags', 'coverUrl'];

function Editor({ editId }: { editId: string | null }) {
  const environment = useRelayEnvironment();
  const navigate = useNavigate();
  const [story, setStory] = useState<EditorStory>(NEW_STORY);
  const [saved, setSaved] = useState<Saved | null>(null);
  const [loaded, setLoaded] = useState(editId === null);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
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
        setStory(fromLoaded(s));
        setSaved({ id: s.id, slug: s.slug, status: s.status as StoryStatus, updatedAt: s.updatedAt });
        setLoaded(true);
      },
      error: (error: Error) => {
        notify.error(error.message.includes(M.notFoundOrNotYours) ? M.notFoundOrNotYours : M.loadFailed);
        void navigate(MY_STORIES_PATH, { replace: true });
      },
    });
    return () => subscription.unsubscribe();
  }, [editId, environment, navigate]);

  const change = (patch: Partial<EditorStory>) => {
    setStory((s) => ({ ...s, ...patch }));
    setVersion((v) => v + 1);
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
            const shown = formErrors(outcome, STORY_FIELDS);
            setErrors(shown.fields);
            if (shown.notice) notify.error(shown.notice);
          }
          return null;
        }
        const value = { ...outcome.value, status: outcome.value.status as StoryStatus };
        setSaved(value);
        setErrors({});
        savedVersion.current = at;
        return value;
      } finally {
        busy.current = false;
      }
    },
    [save, saved?.id, story, version],
  );

  // Autosave: a quiet spell after the last change, with a title, never during a save, and on
  // the edit screen only once the story has loaded. A published story stays published.
  useEffect(() => {
    if (version === savedVersion.current || !loaded || !story.title.trim()) return;
    const timer = setTimeout(() => void run(saved?.status === 'PUBLISHED' ? 'PUBLISHED' : 'DRAFT', true), AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [version, loaded, story.title, run, saved?.status]);

  if (!loaded) return <Loading />;

  const checkRequired = () => {
    const missing: Record<string, string> = {};
    if (!story.title.trim()) missing.title = M.titleRequired;
    if (!story.city.trim()) missing.city = M.cityRequired;
    setErrors(missing);
    return Object.keys(missing).length === 0;
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
          <TextInput label="Title" required value={story.title} error={errors.title} onChange={(e) => change({ title: e.currentTarget.value })} />
          <TextInput label="City" required value={story.city} error={errors.city} onChange={(e) => change({ city: e.currentTarget.value })} />
          <Textarea label="Intro" autosize minRows={3} value={story.intro} error={errors.intro} onChange={(e) => change({ intro: e.currentTarget.value })} />
          <TextInput
            label="Tags"
            description="Separate tags with commas"
            value={story.tags}
            error={errors.tags}
            onChange={(e) => change({ tags: e.currentTarget.value })}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              Cover image
            </Text>
            <ImagePicker label="Upload cover" value={story.coverUrl} onChange={(coverUrl) => change({ coverUrl })} />
            {errors.coverUrl && (
              <Text size="xs" c="red.8">
                {errors.coverUrl}
              </Text>
            )}
          </Stack>
        </Stack>
      </Paper>

      {story.sections.map((section, i) => (
        <SectionEditor
          key={section.key}
          section={section}
          index={i}
          onChange={(next) => change({ sections: story.sections.map((s) => (s.key === section.key ? next : s)) })}
          onRemove={() => change({ sections: story.sections.filter((s) => s.key !== section.key) })}
        />
      ))}

      <Group gap="xs" aria-label="Add a section" role="group">
        {SECTION_ADDERS.map((adder) => (
          <Button
            key={adder.label}
            variant="light"
            size="xs"
            leftSection={<IconPlus size={14} />}
            onClick={() => change({ sections: [...story.sections, newSection(adder.type, adder.title)] })}
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
