/**
 * The share of Mantine's stylesheet the public pages use (the landing page, the public shell
 * and its pages, the loading and error screens, and notifications): imported by main.tsx, so it
 * is what every first visit downloads. Pages that use more of Mantine come through `appPage` in
 * routes.tsx, which loads the whole stylesheet (appStyles.ts) with them.
 *
 * Rules for editing this list:
 * - Everything is in Mantine's cascade layer (`*.layer.css`), so our own CSS wins whatever the
 *   order the files arrive in, and the whole stylesheet arriving later changes nothing.
 * - Files stay in the order of Mantine's own styles.css (a component's file after the files of
 *   the components it builds on: UnstyledButton before Button). Never import a few of these
 *   files anywhere else: a dependency's rules arriving after its dependant's would win.
 * - A public page that starts using another Mantine component adds its file here (and the files
 *   of the components it is built from), or moves to `appPage`.
 */
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import '@mantine/core/styles/ScrollArea.layer.css';
import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/VisuallyHidden.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/AspectRatio.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Burger.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/Center.layer.css';
import '@mantine/core/styles/Container.layer.css';
import '@mantine/core/styles/Divider.layer.css';
import '@mantine/core/styles/Drawer.layer.css';
import '@mantine/core/styles/List.layer.css';
import '@mantine/core/styles/Notification.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/ThemeIcon.layer.css';
import '@mantine/core/styles/Title.layer.css';
import '@mantine/notifications/styles.layer.css';
