import {
  createTheme,
  darken,
  DEFAULT_THEME,
  defaultVariantColorsResolver,
  luminance,
  parseThemeColor,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type VariantColorsResolver,
} from '@mantine/core';
import { lagoon } from './brand';

/** Tripcrew's brand: a deep lagoon teal (brand.ts), with a warm coral accent for highlights. */
const coral: MantineColorsTuple = ['#fff0eb', '#ffdcd1', '#ffb8a1', '#ff916d', '#ff7042', '#ff5b26', '#ff5016', '#e34009', '#cb3704', '#b12b00'];

/** WCAG contrast ratio of two colours (AA asks 4.5:1 for text). */
const contrast = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
};
const AA = 4.6; // 4.5 and a little margin for rounding

/** `color` darkened in small steps until it reads at AA on every background given. */
function readableOn(color: string, backgrounds: string[]): string {
  let shade = color;
  for (let step = 0; step < 30 && backgrounds.some((bg) => contrast(shade, bg) < AA); step++) shade = darken(shade, 0.04);
  return shade;
}

/**
 * A palette whose shades 8 and 9 carry text: with primaryShade 8, shade 8 is every filled badge
 * and button under white text and every `c="red"` text on white; shade 9 is the text of light
 * badges, notices and subtle buttons (red Delete) on shade 1. Mantine's green, teal, orange, yellow
 * and red are too pale for that; they are darkened just enough, once, here.
 */
function accessible(palette: readonly string[]): MantineColorsTuple {
  const eight = readableOn(palette[8], ['#ffffff']);
  const nine = readableOn(palette[9], ['#ffffff', palette[1], palette[0]]);
  // Shade 9 stays the darker of the two (it is also the hover of filled buttons).
  return [...palette.slice(0, 8), eight, luminance(nine) < luminance(eight) ? nine : darken(eight, 0.08)] as unknown as MantineColorsTuple;
}
const accessibleColors = Object.fromEntries(
  Object.entries({ ...DEFAULT_THEME.colors, lagoon, coral }).map(([name, palette]) => [name, accessible(palette)]),
) as Record<string, MantineColorsTuple>;

/**
 * Mantine's variant colours, but readable when a screen names a shade (`color="red.9"`): subtle
 * and transparent buttons keep that shade (at least 8) where Mantine lightens it to 6 (the pale
 * red Delete), and light ones keep their pale background and dark text where Mantine fills
 * them with the shade itself.
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
  if (!parsed.isThemeColor || parsed.shade === undefined) return colors;
  if (input.variant === 'subtle' || input.variant === 'transparent')
    return { ...colors, color: `var(--mantine-color-${parsed.color}-${Math.max(parsed.shade, 8)})` };
  if (input.variant === 'light')
    return {
      ...colors,
      background: `var(--mantine-color-${parsed.color}-light)`,
      hover: `var(--mantine-color-${parsed.color}-light-hover)`,
      color: `var(--mantine-color-${parsed.color}-light-color)`,
    };
  return colors;
};

export const theme = createTheme({
  variantColorResolver,
  primaryColor: 'lagoon',
  // Shade 8 on white is 5.6:1 (WCAG AA needs 4.5:1); shade 7 was 4.35:1.
  primaryShade: { light: 8, dark: 5 },
  colors: accessibleColors,
  fontFamily: 'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: {
    fontFamily: 'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    fontWeight: '750',
  },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    Button: { defaultProps: { radius: 'md' } },
    // A link inside a sentence is told apart by more than its colour (axe: link-in-text-block);
    // navigation links set their own underline.
    Anchor: { defaultProps: { underline: 'always' } },
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
