/**
 * A colour per person for initials avatars, picked from shades dark enough for white text
 * (WCAG AA); Mantine's `color="initials"` light variant is too faint for small initials.
 */
const COLORS = ['lagoon.8', 'indigo.7', 'grape.8', 'teal.9', 'coral.9', 'blue.8', 'violet.7', 'pink.8', 'cyan.9', 'red.9'];

export function avatarColor(name: string): string {
  let hash = 0;
  for (let i = 0; i < name.length; i += 1) hash = (hash * 31 + name.charCodeAt(i)) | 0;
  return COLORS[Math.abs(hash) % COLORS.length];
}
