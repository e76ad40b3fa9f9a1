/** Country names for the picker, from i18n-iso-countries with only its English names registered. */
import countries from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json';

countries.registerLocale(en);

let options: { value: string; label: string }[] | undefined;

/** Every ISO 3166-1 country as { value: alpha-2, label: English name }, by name. */
export function countryOptions(): { value: string; label: string }[] {
  options ??= Object.entries(countries.getNames('en', { select: 'official' }))
    .map(([value, label]) => ({ value, label }))
    .sort((a, b) => a.label.localeCompare(b.label));
  return options;
}
