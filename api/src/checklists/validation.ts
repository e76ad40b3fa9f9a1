import { z } from 'zod';
import { blankToNull, optionalCalendarDay } from '../platform/fields.js';
import { parseInput } from '../platform/validation.js';
import { isUuid } from '../platform/ids.js';
import {
  CHECKLIST_CATEGORIES,
  CHECKLIST_LIMITS as L,
  ChecklistMessages as M,
  DEFAULT_CHECKLIST_CATEGORY,
  categoryLabel,
  type ChecklistCategoryValue,
} from './messages.js';
import { CHECKLIST_TEMPLATE_KINDS, CHECKLIST_TEMPLATES, type ChecklistTemplateKind } from './templates.js';

/** Text in, trimmed; blank (or absent) is null: the kit's rule. */
const blank = blankToNull;

const CATEGORY_VALUES = CHECKLIST_CATEGORIES.map((c) => c.value) as [ChecklistCategoryValue, ...ChecklistCategoryValue[]];
/** GraphQL's PRE_TRIP, REST's 'Pre-trip Tasks' (the stored label of the first build) or 'pre_trip': one value. */
const toCategory = (v: unknown) => {
  const t = blank(v);
  if (t === null) return DEFAULT_CHECKLIST_CATEGORY;
  if (typeof t !== 'string') return t;
  const byLabel = CHECKLIST_CATEGORIES.find((c) => c.label.toLowerCase() === t.toLowerCase());
  return byLabel ? byLabel.value : t.toUpperCase();
};

const ChecklistSchema = z.object({
  title: z.preprocess(blank, z.string({ error: M.notText }).max(L.title, M.titleTooLong).nullable()),
  category: z.preprocess(toCategory, z.enum(CATEGORY_VALUES, { error: M.invalidCategory })),
  template: z.preprocess(
    (v) => (typeof blank(v) === 'string' ? (blank(v) as string).toUpperCase() : blank(v)),
    z.enum(CHECKLIST_TEMPLATE_KINDS as [ChecklistTemplateKind, ...ChecklistTemplateKind[]], { error: M.invalidTemplate }).nullable(),
  ),
});

const ItemSchema = z.object({
  description: z.preprocess(blank, z.string({ error: M.descriptionRequired }).max(L.description, M.descriptionTooLong)),
  // Whether the person is on the trip is the service's check; a malformed id is simply not one.
  assignedToId: z.preprocess(blank, z.string({ error: M.assigneeNotMember }).refine(isUuid, M.assigneeNotMember).nullable()),
  dueDate: optionalCalendarDay(M.invalidDate),
  isCompleted: z.boolean({ error: M.invalidCompleted }).optional(),
});

export interface ChecklistInput {
  title?: unknown;
  category?: unknown;
  template?: unknown;
}
export interface ChecklistData {
  title: string;
  category: ChecklistCategoryValue;
  template: ChecklistTemplateKind | null;
}

export interface ChecklistItemInput {
  description?: unknown;
  assignedToId?: unknown;
  dueDate?: unknown;
  isCompleted?: unknown;
}
export interface ChecklistItemData {
  description: string;
  assignedToId: string | null;
  dueDate: Date | null;
  /** Absent: a new item starts open, an edited one keeps its state. */
  isCompleted?: boolean;
}

/**
 * A checklist's fields. From a template, a blank title and an absent category are the
 * template's; otherwise a blank title is the category's name.
 */
export function validateChecklist(input: ChecklistInput): ChecklistData {
  const v = parseInput(ChecklistSchema, input);
  const template = v.template ? CHECKLIST_TEMPLATES[v.template] : null;
  const category = template && blank(input.category) === null ? template.category : v.category;
  return { category, template: v.template, title: v.title ?? template?.title ?? categoryLabel(category) };
}

export function validateChecklistItem(input: ChecklistItemInput): ChecklistItemData {
  const v = parseInput(ItemSchema, input);
  const data: ChecklistItemData = {
    description: v.description,
    assignedToId: v.assignedToId,
    dueDate: v.dueDate,
  };
  if (v.isCompleted !== undefined) data.isCompleted = v.isCompleted;
  return data;
}

/** A tick's value, from either door. */
export function validateCompleted(value: unknown): boolean {
  return parseInput(z.object({ isCompleted: ItemSchema.shape.isCompleted.unwrap() }), { isCompleted: value }).isCompleted;
}
