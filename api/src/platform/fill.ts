/**
 * A message's `{name}` placeholders filled in; a placeholder without a value stays as written.
 * Browser-safe: the web app fills the same messages (web/src/platform/domain.ts).
 */
export function fill(message: string, values: Record<string, string | number>): string {
  return message.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}
