/**
 * The checklist rules more than one place asks, stated once (browser-safe): the web's checklist
 * rows and the admin console's item status both read "overdue" from here; the console's list
 * filter and counts are its query form (admin/checklists/service.ts; tests/api/admin-checklists
 * holds the filter, the counts and each row's status to the same answers).
 */

/** Overdue: its due day (YYYY-MM-DD) is before `today` on the viewer's calendar and it is still open. */
export const isOverdue = (dueDate: string | null | undefined, completed: boolean, today: string): boolean => !completed && !!dueDate && dueDate < today;
