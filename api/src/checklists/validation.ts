import { z } from 'zod';
import { calendarDate, isCalendarDate } from '../platform/calendarDate.js';
import { ValidationError, type FieldError } from '../platform/errors.js';
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

/** Text in, trimmed; blank (or absent) is null. */
const blank = (v: unknown) => {
  const t = typeof v === 'string' ? v.trim() : v;
  return t === '' || t === undefined ? null : t;
};

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
  dueDate: z.preprocess(blank, z.string({ error: M.invalidDate }).refine(isCalendarDate, M.invalidDate).nullable()),
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

/** Each field on its own, so one field's problem never hides another's; every one reported at once. */
function parseAll<S extends z.ZodRawShape>(shape: S, input: Record<string, unknown>): { [K in keyof S]: z.output<S[K]> } {
  const errors: FieldError[] = [];
  const out: Record<string, unknown> = {};
  for (const field of Object.keys(shape)) {
    const result = (shape[field] as z.ZodType).safeParse(input[field]);
    if (result.success) out[field] = result.data;
    else errors.push({ field, message: result.error.issues[0]!.message });
  }
  if (errors.length) throw new ValidationError(errors[0]!.message, errors[0]!.field, errors);
  return out as { [K in keyof S]: z.output<S[K]> };
}

/**
 * A checklist's fields. From a template, a blank title and an absent category are the
 * template's; otherwise a blank title is the category's name.
 */
export function validateChecklist(input: ChecklistInput): ChecklistData {
  const v = parseAll(ChecklistSchema.shape, input as Record<string, unknown>);
  const template = v.template ? CHECKLIST_TEMPLATES[v.template] : null;
  const category = template && blank(input.category) === null ? template.category : v.category;
  return { category, template: v.template, title: v.title ?? template?.title ?? categoryLabel(category) };
}

export function validateChecklistItem(input: ChecklistItemInput): ChecklistItemData {
  const v = parseAll(ItemSchema.shape, input as Record<string, unknown>);
  const data: ChecklistItemData = {
    description: v.description,
    assignedToId: v.assignedToId,
    dueDate: calendarDate(v.dueDate),
  };
  if (v.isCompleted !== undefined) data.isCompleted = v.isCompleted;
  return data;
}

/** A tick's value, from either door. */
export function validateCompleted(value: unknown): boolean {
  return parseAll({ isCompleted: ItemSchema.shape.isCompleted.unwrap() }, { isCompleted: value }).isCompleted;
}
