/**
 * The trip modals as the pages use them: their code (the form kit, the shared trip rules with zod
 * and luxon, the date pickers, the friend picker) loads when one is first opened or its trigger
 * is approached, not with the page (components/lazyModal.tsx).
 */
import { lazyModal } from '../../components/lazyModal';

export const CreateTripModal = lazyModal(() => import('./TripFormModal').then((m) => m.CreateTripModal));
export const EditTripModal = lazyModal(() => import('./TripFormModal').then((m) => m.EditTripModal));
export const InviteFriendsModal = lazyModal(() => import('./InviteFriendsModal').then((m) => m.InviteFriendsModal));
