/**
 * The expense form and the payment form as the workspace uses them: their code (amount and split
 * inputs, the date picker, the shared split rules, Mantine form) loads when one is first opened or
 * its trigger is approached (components/lazyModal.tsx), not with the page.
 */
import { lazyModal } from '../../components/lazyModal';

export const ExpenseFormModal = lazyModal(() => import('./ExpenseFormModal').then((m) => m.ExpenseFormModal));
export const RecordPaymentModal = lazyModal(() => import('./RecordPaymentModal').then((m) => m.RecordPaymentModal));
