/**
 * The trip workspace's modals, loaded when first opened or when their trigger is approached
 * (components/lazyModal.tsx): the item form brings the date and time pickers, the place search
 * and the shared itinerary rules (luxon, zod); none is needed to show the workspace.
 */
import { lazyModal } from '../../components/lazyModal';

export const ItemFormModal = lazyModal(() => import('./ItemFormModal').then((m) => m.ItemFormModal));
export const BudgetModal = lazyModal(() => import('./BudgetModal').then((m) => m.BudgetModal));
