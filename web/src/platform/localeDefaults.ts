/**
 * Starting values that fit the person at the keyboard: their country from the browser's time
 * zone (where they are) or its language region, and the currency they most likely plan in.
 * Only defaults: every form still lets them choose.
 */
// Straight from its module, not through ./domain: the sign-up page loads this file and none of the rest.
import { SIGNUP_COUNTRIES } from '../../../api/src/accounts/preferences';

/** Time zones of the countries people most often sign up from (a zone names where someone is, a language only what they read). */
const ZONE_COUNTRY: Record<string, string> = {
  'America/New_York': 'US',
  'America/Chicago': 'US',
  'America/Denver': 'US',
  'America/Los_Angeles': 'US',
  'America/Phoenix': 'US',
  'America/Anchorage': 'US',
  'America/Detroit': 'US',
  'America/Boise': 'US',
  'America/Indiana/Indianapolis': 'US',
  'Pacific/Honolulu': 'US',
  'America/Toronto': 'CA',
  'America/Vancouver': 'CA',
  'America/Edmonton': 'CA',
  'America/Winnipeg': 'CA',
  'America/Halifax': 'CA',
  'America/St_Johns': 'CA',
  'America/Regina': 'CA',
  'America/Montreal': 'CA',
  'Europe/London': 'GB',
  'Europe/Belfast': 'GB',
  'Australia/Sydney': 'AU',
  'Australia/Melbourne': 'AU',
  'Australia/Brisbane': 'AU',
  'Australia/Perth': 'AU',
  'Australia/Adelaide': 'AU',
  'Australia/Hobart': 'AU',
  'Australia/Darwin': 'AU',
  'Australia/Canberra': 'AU',
  'Europe/Berlin': 'DE',
  'Europe/Busingen': 'DE',
  'Europe/Paris': 'FR',
  'Asia/Kolkata': 'IN',
  'Asia/Calcutta': 'IN',
  'Asia/Tokyo': 'JP',
  'America/Sao_Paulo': 'BR',
  'America/Fortaleza': 'BR',
  'America/Recife': 'BR',
  'America/Manaus': 'BR',
  'America/Bahia': 'BR',
  'America/Mexico_City': 'MX',
  'America/Monterrey': 'MX',
  'America/Cancun': 'MX',
  'America/Tijuana': 'MX',
  'America/Merida': 'MX',
  'Europe/Vienna': 'AT',
  'Europe/Zurich': 'CH',
  'Europe/Rome': 'IT',
  'Europe/Madrid': 'ES',
  'Europe/Amsterdam': 'NL',
  'Europe/Brussels': 'BE',
  'Europe/Lisbon': 'PT',
  'Europe/Dublin': 'IE',
  'Europe/Stockholm': 'SE',
  'Europe/Oslo': 'NO',
  'Europe/Copenhagen': 'DK',
  'Europe/Helsinki': 'FI',
  'Europe/Warsaw': 'PL',
  'Europe/Prague': 'CZ',
  'Europe/Athens': 'GR',
  'Asia/Singapore': 'SG',
  'Pacific/Auckland': 'NZ',
  'Asia/Dubai': 'AE',
  'Asia/Seoul': 'KR',
  'Asia/Shanghai': 'CN',
  'Asia/Hong_Kong': 'HK',
};

const regionNames = typeof Intl !== 'undefined' && 'DisplayNames' in Intl ? new Intl.DisplayNames(['en'], { type: 'region' }) : null;

/** The browser's country as an ISO 3166 code, or null when it gives no hint. */
export function browserCountry(): string | null {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (zone && ZONE_COUNTRY[zone]) return ZONE_COUNTRY[zone];
  } catch {
    // No time zone support: fall back to the language.
  }
  const languages = typeof navigator === 'undefined' ? [] : navigator.languages?.length ? navigator.languages : [navigator.language];
  for (const tag of languages) {
    try {
      const region = new Intl.Locale(tag).region;
      if (region && /^[A-Z]{2}$/.test(region)) return region;
    } catch {
      // A malformed tag: try the next.
    }
  }
  return null;
}

function englishName(code: string): string {
  try {
    return regionNames?.of(code) ?? '';
  } catch {
    return '';
  }
}

/** The sign-up form's country: a listed code, or OTHER with the country's English name typed in. */
export function defaultSignupCountry(): { country: string; countryOther: string } {
  const code = browserCountry();
  if (!code) return { country: 'US', countryOther: '' };
  if ((SIGNUP_COUNTRIES as readonly string[]).includes(code)) return { country: code, countryOther: '' };
  const name = englishName(code);
  return name ? { country: 'OTHER', countryOther: name } : { country: 'US', countryOther: '' };
}

/** The trip currency someone in `country` most likely plans in (one rule with Travel Wrapped's home currency). */
export { currencyForCountry } from '../../../api/src/trips/countryCurrency';
