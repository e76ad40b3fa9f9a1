import type { SaveStoryInput } from '../../__generated__/useSaveStoryMutation.graphql';
import { EDITOR_DEFAULTS } from '../../platform/domain';

export type SectionType = 'PLACES' | 'FAVORITES' | 'TEXT' | 'BEST_TIME';
export type StoryStatus = 'DRAFT' | 'PUBLISHED' | 'HIDDEN';

export interface EditorItem {
  key: string;
  name: string;
  note: string;
  imageUrl: string | null;
}

/** A section as the editor holds it: places and favourites have items, text has a body. */
export interface EditorSection {
  key: string;
  type: SectionType;
  title: string;
  items: EditorItem[];
  /** TEXT: the rich-text editor's HTML. */
  body: string;
  /** BEST_TIME: the months chosen (January…December) and a note. */
  months: string[];
  note: string;
}

export interface EditorStory {
  title: string;
  city: string;
  intro: string;
  /** As typed: comma-separated. */
  tags: string;
  coverUrl: string | null;
  sections: EditorSection[];
}

let counter = 0;
export const newKey = () => `k${Date.now().toString(36)}${(++counter).toString(36)}`;
export const emptyItem = (): EditorItem => ({ key: newKey(), name: '', note: '', imageUrl: null });

/** The section adders: each a type and the title it starts with. */
export const SECTION_ADDERS: { label: string; type: SectionType; title: string }[] = [
  { label: 'Where I Stayed', type: 'PLACES', title: 'Where I Stayed' },
  { label: 'Favorite Cafes', type: 'FAVORITES', title: 'Favorite Cafes' },
  { label: 'Top Attractions', type: 'PLACES', title: 'Top Attractions' },
  { label: 'Best Time to Visit', type: 'BEST_TIME', title: 'Best Time to Visit' },
  { label: 'Text', type: 'TEXT', title: '' },
];

/** What a story's place becomes on a trip's plan: a stay from a section about where the author stayed, else an activity. */
export function placeItemType(sectionTitle: string | null | undefined): 'ACCOMMODATION' | 'ACTIVITY' {
  return /\b(stay(ed)?|slept|hotels?|accommodations?|lodging)\b/i.test(sectionTitle ?? '') ? 'ACCOMMODATION' : 'ACTIVITY';
}

export const newSection = (type: SectionType, title: string): EditorSection => ({
  key: newKey(),
  type,
  title,
  items: type === 'TEXT' || type === 'BEST_TIME' ? [] : [emptyItem()],
  body: '',
  months: [],
  note: '',
});

export const NEW_STORY: EditorStory = { title: '', city: EDITOR_DEFAULTS.city, intro: '', tags: EDITOR_DEFAULTS.tags.join(', '), coverUrl: null, sections: [] };

/** Comma-separated tags: trimmed, empties dropped (the server does the same). */
export const tagList = (text: string) =>
  text
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);

/** The editor's story as the saveStory mutation takes it. */
export function toInput(story: EditorStory, id: string | null, status: StoryStatus): SaveStoryInput {
  return {
    id,
    title: story.title,
    city: story.city,
    intro: story.intro,
    tags: tagList(story.tags),
    status,
    coverUrl: story.coverUrl,
    sections: story.sections.map((s) => {
      const items = s.items.map((i) => ({ name: i.name, note: i.note, imageUrl: i.imageUrl }));
      if (s.type === 'TEXT') return { type: s.type, heading: s.title, body: s.body };
      if (s.type === 'PLACES') return { type: s.type, title: s.title, items };
      if (s.type === 'BEST_TIME') return { type: s.type, title: s.title, months: s.months, note: s.note };
      return { type: s.type, title: s.title, lists: [{ title: s.title, items: items.map(({ name, note }) => ({ name, note })) }] };
    }),
  };
}

interface LoadedSection {
  readonly type: string;
  readonly heading: string | null | undefined;
  readonly body: string | null | undefined;
  readonly title: string | null | undefined;
  readonly items: readonly { readonly name: string; readonly note: string | null | undefined; readonly imageUrl: string | null | undefined }[];
  readonly lists: readonly {
    readonly title: string | null | undefined;
    readonly items: readonly { readonly name: string; readonly note: string | null | undefined }[];
  }[];
  readonly months: readonly string[];
  readonly note: string | null | undefined;
}

/** A saved story back in the editor's shape. */
export function fromLoaded(story: {
  readonly title: string;
  readonly city: string;
  readonly intro: string | null | undefined;
  readonly tags: readonly string[];
  readonly coverUrl: string | null | undefined;
  readonly sections: readonly LoadedSection[];
}): EditorStory {
  return {
    title: story.title,
    city: story.city,
    intro: story.intro ?? '',
    tags: story.tags.join(', '),
    coverUrl: story.coverUrl ?? null,
    sections: story.sections.map((s) => {
      const item = (i: { name: string; note: string | null | undefined; imageUrl?: string | null }): EditorItem => ({
        key: newKey(),
        name: i.name,
        note: i.note ?? '',
        imageUrl: i.imageUrl ?? null,
      });
      const rest = { key: newKey(), body: '', months: [] as string[], note: '' };
      if (s.type === 'TEXT') return { ...rest, type: 'TEXT', title: s.heading ?? '', items: [], body: s.body ?? '' };
      if (s.type === 'PLACES') return { ...rest, type: 'PLACES', title: s.title ?? '', items: s.items.map(item) };
      if (s.type === 'BEST_TIME') return { ...rest, type: 'BEST_TIME', title: s.title ?? '', items: [], months: [...s.months], note: s.note ?? '' };
      return { ...rest, type: 'FAVORITES', title: s.title ?? s.lists[0]?.title ?? '', items: s.lists.flatMap((l) => l.items.map(item)) };
    }),
  };
}
