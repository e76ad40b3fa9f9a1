/** The app's notices: Mantine notifications, never window.alert. */
import { notifications } from '@mantine/notifications';

export const notify = {
  success(message: string, title?: string) {
    notifications.show({ color: 'teal', title, message, autoClose: 5000 });
  },
  error(message: string, title?: string) {
    notifications.show({ color: 'red', title, message, autoClose: 8000 });
  },
  info(message: string, title?: string) {
    notifications.show({ color: 'blue', title, message, autoClose: 6000 });
  },
};
