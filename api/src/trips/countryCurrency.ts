/**
 * The trip currency someone from a country most likely plans and counts in: the euro area's euro,
 * the listed countries' own currency, USD otherwise (every answer is one of the trip currencies).
 * Browser-safe: the trip form's default and Travel Wrapped's home currency both read it.
 */
const EURO = new Set(['AT', 'BE', 'CY', 'DE', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PT', 'SI', 'SK']);
const NATIONAL: Record<string, string> = { US: 'USD', CA: 'CAD', GB: 'GBP', AU: 'AUD', IN: 'INR', MX: 'MXN' };

export function currencyForCountry(country: string | null | undefined): string {
  if (!country) return 'USD';
  return EURO.has(country) ? 'EUR' : (NATIONAL[country] ?? 'USD');
}
