import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/** Tripcrew's brand: a deep lagoon teal, with a warm coral accent for highlights. */
const lagoon: MantineColorsTuple = ['#e3fafc', '#c5f6fa', '#99e9f2', '#66d9e8', '#3bc9db', '#15aabf', '#1098ad', '#0c8599', '#0b7285', '#095c6b'];
const coral: MantineColorsTuple = ['#fff0eb', '#ffdcd1', '#ffb8a1', '#ff916d', '#ff7042', '#ff5b26', '#ff5016', '#e34009', '#cb3704', '#b12b00'];

export const theme = createTheme({
  primaryColor: 'lagoon',
  // Shade 8 on white is 5.6:1 (WCAG AA needs 4.5:1); shade 7 was 4.35:1.
  primaryShade: { light: 8, dark: 5 },
  colors: { lagoon, coral },
  fontFamily: 'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: {
    fontFamily: 'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    fontWeight: '750',
  },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Paper: { defaultProps: { radius: 'lg' } },
    Card: { defaultProps: { radius: 'lg' } },
    // Labels read exactly 'Email', 'Password'... (no ' *' in the label text): required fields
    // still carry the `required` attribute, which assistive technology announces.
    TextInput: { defaultProps: { withAsterisk: false } },
    PasswordInput: { defaultProps: { withAsterisk: false } },
    NativeSelect: { defaultProps: { withAsterisk: false } },
    // Every close button is named for screen readers, wherever a notice or dialog is opened.
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close notice' } } },
    Alert: { defaultProps: { closeButtonLabel: 'Close notice' } },
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
  },
});

/** Mantine's default dimmed grey (gray.6) is 3.3:1 on white; gray.7 reads at 8:1. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});
