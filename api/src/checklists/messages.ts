/**
 * The checklist messages users read, shared by the API and the web app. The notices and
 * confirmations of the specification are word for word; the rest are ours.
 */
export const ChecklistMessages = {
  // The web app's notices and confirmations.
  deleteChecklistFailed: 'Error deleting checklist. Please try again.',
  deleteItemFailed: 'Error deleting item. Please try again.',
  updateItemFailed: 'Error updating item. Please try again.',
  saveChecklistFailed: 'Error saving checklist. Please try again.',
  saveItemFailed: 'Error saving item. Please try again.',
  confirmDeleteChecklist: 'This will also delete all items.',
  noChecklists: 'No checklists yet',
  noItems: 'No items yet. Add some items to get started!',
  noTrips: 'No trips found!',
  // Ours, where the specification has none.
  descriptionRequired: 'Description is required.',
  invalidCategory: 'Please choose one of the listed categories.',
  invalidTemplate: 'Please choose one of the listed templates.',
  assigneeNotMember: 'The assignee must be a member of this trip.',
  checklistNotFound: 'Checklist not found.',
  itemNotFound: 'Checklist item not found.',
  invalidDate: 'Please enter dates as YYYY-MM-DD.',
  invalidCompleted: 'Completed must be true or false.',
  notText: 'Please enter text.',
  titleTooLong: 'Title must be at most 120 characters.',
  descriptionTooLong: 'Description must be at most 500 characters.',
  tooManyItems: 'A checklist holds at most 300 items.',
} as const;

export const CHECKLIST_LIMITS = { title: 120, description: 500, itemsPerChecklist: 300 } as const;

/** The fixed categories, in the order forms offer them; the first is the default. */
export const CHECKLIST_CATEGORIES = [
  { value: 'PACKING_LIST', label: 'Packing List' },
  { value: 'PRE_TRIP', label: 'Pre-trip Tasks' },
  { value: 'DURING_TRIP', label: 'During Trip' },
  { value: 'POST_TRIP', label: 'Post-trip Tasks' },
  { value: 'CUSTOM', label: 'Custom' },
] as const;
export type ChecklistCategoryValue = (typeof CHECKLIST_CATEGORIES)[number]['value'];
export const DEFAULT_CHECKLIST_CATEGORY: ChecklistCategoryValue = 'PACKING_LIST';

export const categoryLabel = (value: string): string => CHECKLIST_CATEGORIES.find((c) => c.value === value)?.label ?? value;

/** Most checklists a page of a trip's checklists holds (and the page size when none is asked). */
export const CHECKLIST_PAGE_MAX = 100;
