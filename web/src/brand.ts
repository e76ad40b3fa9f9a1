/**
 * The brand's colours, without Mantine: read by the theme (theme.ts) and by the build (the web
 * app manifest's theme colour in web/vite.config.ts), so both say the same teal.
 */
import type { MantineColorsTuple } from '@mantine/core';

/** Tripcrew's brand: a deep lagoon teal. */
export const lagoon: MantineColorsTuple = ['#e3fafc', '#c5f6fa', '#99e9f2', '#66d9e8', '#3bc9db', '#15aabf', '#1098ad', '#0c8599', '#0b7285', '#095c6b'];

/** The browser's chrome colour (index.html's theme-color, the manifest's theme_color) and the logo's background. */
export const THEME_COLOR = lagoon[7];
