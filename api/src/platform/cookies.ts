/** The values a `Cookie` header gives the cookie `name`, in order (raw: trimmed, not decoded). */
export function cookieValues(cookieHeader: string | null | undefined, name: string): string[] {
  const values: string[] = [];
  for (const part of (cookieHeader ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq >= 0 && part.slice(0, eq).trim() === name) values.push(part.slice(eq + 1).trim());
  }
  return values;
}
