/**
 * All of Mantine's stylesheet (in its cascade layer, like publicStyles.ts): loaded with every
 * page that routes.tsx builds with `appPage` (account screens, the dashboard, ...).
 */
import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
