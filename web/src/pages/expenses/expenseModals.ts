/**
 * The expense form as the workspace uses it: its code (amount and split inputs, the date picker,
 * the shared split rules) loads when the form is first opened or Add Expense is approached
 * (components/lazyModal.tsx), not with the page.
 */
import { lazyModal } from '../../components/lazyModal';

export const ExpenseFormModal = lazyModal(() => import('./ExpenseFormModal').then((m) => m.ExpenseFormModal));
