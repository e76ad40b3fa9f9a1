const names = typeof Intl !== 'undefined' && 'DisplayNames' in Intl ? new Intl.DisplayNames(['en'], { type: 'region' }) : null;

/** 'US' -> 'United States'; 'OTHER' -> 'Other'. */
export function countryName(code: string): string {
  if (code === 'OTHER') return 'Other';
  try {
    return names?.of(code) ?? code;
  } catch {
    return code;
  }
}
