/**
 * The app's notices: Mantine notifications, never window.alert. A success clears the error
 * notices still showing, so an old failure never stands beside the success that followed it.
 */
import { notifications } from '@mantine/notifications';

const errorIds = new Set<string>();
/** Every notice's close button has a name a screen reader can say (Mantine's has none). */
const closeButtonProps = { 'aria-label': 'Dismiss notice' } as const;

export const notify = {
  success(message: string, title?: string) {
    for (const id of errorIds) notifications.hide(id);
    errorIds.clear();
    notifications.show({ color: 'teal', title, message, autoClose: 5000, closeButtonProps });
  },
  error(message: string, title?: string) {
    const id = notifications.show({ color: 'red', title, message, autoClose: 8000, closeButtonProps, onClose: () => errorIds.delete(id) });
    errorIds.add(id);
  },
  info(message: string, title?: string) {
    notifications.show({ color: 'blue', title, message, autoClose: 6000, closeButtonProps });
  },
};
