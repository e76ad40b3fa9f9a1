import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildGazetteerData, datasetFiles, deserialize, loadGazetteerData, serialize, type GazetteerData } from '../../api/src/places/gazetteer-data.js';
import { searchGazetteer } from '../../api/src/places/gazetteer.js';
import { DESTINATION_CITIES, NOTABLE_PLACES } from '../../api/src/places/notable-places.js';
import { normalizeText } from '../../api/src/places/normalize.js';
import { countryName, regionName } from '../../api/src/places/regions.js';

/**
 * The world's most visited destinations, by the name travellers use, and the country each must
 * come with: cities from the usual rankings of international arrivals (Euromonitor's Top 100
 * City Destinations and the like), then islands, regions, coasts, lakes, parks and sites.
 */
const TOP_DESTINATIONS: [string, string][] = [
  ['Bangkok', 'TH'],
  ['Paris', 'FR'],
  ['London', 'GB'],
  ['Dubai', 'AE'],
  ['Singapore', 'SG'],
  ['New York', 'US'],
  ['Kuala Lumpur', 'MY'],
  ['Istanbul', 'TR'],
  ['Tokyo', 'JP'],
  ['Antalya', 'TR'],
  ['Seoul', 'KR'],
  ['Osaka', 'JP'],
  ['Makkah', 'SA'],
  ['Phuket', 'TH'],
  ['Pattaya', 'TH'],
  ['Milan', 'IT'],
  ['Barcelona', 'ES'],
  ['Palma de Mallorca', 'ES'],
  ['Hong Kong', 'HK'],
  ['Rome', 'IT'],
  ['Amsterdam', 'NL'],
  ['Prague', 'CZ'],
  ['Vienna', 'AT'],
  ['Madrid', 'ES'],
  ['Berlin', 'DE'],
  ['Munich', 'DE'],
  ['Venice', 'IT'],
  ['Florence', 'IT'],
  ['Lisbon', 'PT'],
  ['Porto', 'PT'],
  ['Athens', 'GR'],
  ['Dublin', 'IE'],
  ['Edinburgh', 'GB'],
  ['Budapest', 'HU'],
  ['Copenhagen', 'DK'],
  ['Stockholm', 'SE'],
  ['Zurich', 'CH'],
  ['Nice', 'FR'],
  ['Los Angeles', 'US'],
  ['Las Vegas', 'US'],
  ['Miami', 'US'],
  ['Orlando', 'US'],
  ['San Francisco', 'US'],
  ['Honolulu', 'US'],
  ['Cancun', 'MX'],
  ['Mexico City', 'MX'],
  ['Rio de Janeiro', 'BR'],
  ['Buenos Aires', 'AR'],
  ['Lima', 'PE'],
  ['Cusco', 'PE'],
  ['Toronto', 'CA'],
  ['Vancouver', 'CA'],
  ['Sydney', 'AU'],
  ['Melbourne', 'AU'],
  ['Auckland', 'NZ'],
  ['Queenstown', 'NZ'],
  ['Cape Town', 'ZA'],
  ['Marrakech', 'MA'],
  ['Cairo', 'EG'],
  ['Jerusalem', 'IL'],
  ['Doha', 'QA'],
  ['Abu Dhabi', 'AE'],
  ['Delhi', 'IN'],
  ['Mumbai', 'IN'],
  ['Agra', 'IN'],
  ['Jaipur', 'IN'],
  ['Beijing', 'CN'],
  ['Shanghai', 'CN'],
  ['Taipei', 'TW'],
  ['Kyoto', 'JP'],
  ['Hanoi', 'VN'],
  ['Ho Chi Minh City', 'VN'],
  ['Siem Reap', 'KH'],
  ['Macau', 'MO'],
  ['Reykjavik', 'IS'],
  ['Krakow', 'PL'],
  ['Dubrovnik', 'HR'],
  ['Seville', 'ES'],
  ['Mykonos', 'GR'],
  ['Zermatt', 'CH'],
  ['Hallstatt', 'AT'],
  // Islands, regions, coasts, lakes, parks and sites
  ['Bali', 'ID'],
  ['Santorini', 'GR'],
  ['Maui', 'US'],
  ['Tenerife', 'ES'],
  ['Bora Bora', 'PF'],
  ['Maldives', 'MV'],
  ['Goa', 'IN'],
  ['Tuscany', 'IT'],
  ['Cappadocia', 'TR'],
  ['Amalfi Coast', 'IT'],
  ['Cinque Terre', 'IT'],
  ['Ha Long Bay', 'VN'],
  ['Great Barrier Reef', 'AU'],
  ['Lake Como', 'IT'],
  ['Lake Tahoe', 'US'],
  ['Banff', 'CA'],
  ['Yosemite', 'US'],
  ['Grand Canyon', 'US'],
  ['Machu Picchu', 'PE'],
];

describe('the 100 most visited destinations', () => {
  it('are 100 different names', () => {
    expect(TOP_DESTINATIONS).toHaveLength(100);
    expect(new Set(TOP_DESTINATIONS.map(([name]) => name)).size).toBe(100);
  });

  it.each(TOP_DESTINATIONS)('%s comes up in the first three, in %s', async (name, country) => {
    const places = await searchGazetteer(name);
    const inCountry = (p: (typeof places)[number]) =>
      p.secondaryText === countryName(country) ||
      p.secondaryText.endsWith(`, ${countryName(country)}`) ||
      (p.secondaryText === '' && p.mainText === countryName(country));
    const at = places.findIndex(inCountry);
    expect(at, places.map((p) => p.description).join(' | ')).toBeGreaterThanOrEqual(0);
    expect(at, places.map((p) => p.description).join(' | ')).toBeLessThan(3);
  });
});

const distanceKm = (lat1: number, lng1: number, lat2: number, lng2: number) => {
  const r = Math.PI / 180;
  const cos = Math.sin(lat1 * r) * Math.sin(lat2 * r) + Math.cos(lat1 * r) * Math.cos(lat2 * r) * Math.cos((lng1 - lng2) * r);
  return 6371 * Math.acos(Math.min(1, Math.max(-1, cos)));
};

describe('notable-places.ts', () => {
  const { data } = loadGazetteerData();
  const name = (i: number) => data.names.toString('utf8', data.nameAt[i], data.nameAt[i + 1]);
  const country = (i: number) => data.admins[data.admin[i]][0];

  it('has stable, distinct ids and known countries', () => {
    const ids = NOTABLE_PLACES.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const p of NOTABLE_PLACES) {
      expect(p.id).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      expect(countryName(p.country), p.id).not.toBe(p.country);
    }
  });

  it('puts each place near a town of its country, in a region regions.ts knows, and repeats no town', () => {
    const problems: string[] = [];
    for (const p of NOTABLE_PLACES) {
      let nearest = Infinity;
      const regions = new Set<string>();
      for (let i = 0; i < data.count; i++) {
        if (country(i) !== p.country) continue;
        regions.add(regionName(p.country, data.admins[data.admin[i]][1]));
        const d = distanceKm(p.lat, p.lng, data.lat[i] / 1e5, data.lng[i] / 1e5);
        nearest = Math.min(nearest, d);
        // A town of the same name on the spot would be suggested twice.
        if (d < 50 && normalizeText(name(i)) === normalizeText(p.name)) problems.push(`${p.id} repeats the town ${name(i)}`);
      }
      regions.delete('');
      if (nearest > 200) problems.push(`${p.id} is ${Math.round(nearest)} km from any town of ${p.country}`);
      if (p.region && regions.size > 0 && !regions.has(p.region)) problems.push(`${p.id}: regions.ts has no region "${p.region}" in ${p.country}`);
    }
    expect(problems).toEqual([]);
  });

  it('marks destination towns that exist, by the dataset name', () => {
    const byId = new Map<number, number>();
    for (let i = 0; i < data.count; i++) byId.set(data.ids[i], i);
    expect(new Set(DESTINATION_CITIES.map((d) => d.geonameId)).size).toBe(DESTINATION_CITIES.length);
    for (const d of DESTINATION_CITIES) {
      const i = byId.get(d.geonameId);
      expect(i, `${d.geonameId} ${d.name}`).toBeDefined();
      expect(name(i!)).toBe(d.name);
    }
  });
});

describe('gazetteer-data', () => {
  const line = (cols: (string | number)[]) => cols.join('\t');
  const SAMPLE = Buffer.from(
    [
      line([
        10,
        'Zürich',
        'Zurich',
        'ZRH,Zurigo,Цюрих,Lungsod ng Zurich,Switzerland,Zuerich,Santa Maria de los Zurich,8001',
        47.36667,
        8.55,
        'P',
        'PPLA',
        'CH',
        '',
        'ZH',
        '',
        '',
        '',
        341730,
        '',
        408,
        'Europe/Zurich',
        '2023-01-01',
      ]),
      // A village keeps its own name only: its other names are rarely typed.
      line([
        11,
        'Smallville',
        'Smallville',
        'Petitville',
        -33.5,
        -70.25,
        'P',
        'PPL',
        'CL',
        '',
        '12',
        '',
        '',
        '',
        600,
        '',
        500,
        'America/Santiago',
        '2023-01-01',
      ]),
      line([12, 'Capital', 'Capital', '', 48.8, 2.3, 'P', 'PPLC', 'FR', '', '11', '', '', '', 2000000, '', 35, 'Europe/Paris', '2023-01-01']),
      '',
    ].join('\n'),
  );
  const keysOf = (d: GazetteerData) =>
    Array.from({ length: d.keyCount }, (_, k) => [d.keys.toString('utf8', d.keyAt[k], d.keyAt[k + 1]), d.keyPlace[k], d.keyOwn[k]] as const);

  it('reads GeoNames lines into numbers, names and sorted keys', () => {
    const d = buildGazetteerData(SAMPLE);
    expect(d.count).toBe(3);
    expect(Array.from(d.ids)).toEqual([10, 11, 12]);
    expect(Array.from(d.lat)).toEqual([4736667, -3350000, 4880000]);
    expect(Array.from(d.lng)).toEqual([855000, -7025000, 230000]);
    expect(Array.from(d.population)).toEqual([341730, 600, 2000000]);
    expect(Array.from(d.altNames)).toEqual([8, 1, 0]);
    expect(Array.from(d.capital)).toEqual([0, 0, 1]);
    expect(d.admins[d.admin[0]]).toEqual(['CH', 'ZH']);
    expect(d.names.toString('utf8', d.nameAt[0], d.nameAt[1])).toBe('Zürich');
    // No codes, other scripts, "city of", the country's name or long forms; the own name first.
    expect(keysOf(d)).toEqual([
      ['capital', 2, 1],
      ['smallville', 1, 1],
      ['zuerich', 0, 0],
      ['zurich', 0, 1],
      ['zurigo', 0, 0],
    ]);
  });

  it('writes and reads the binary form, refusing another source or a broken file', () => {
    const d = buildGazetteerData(SAMPLE);
    const file = serialize(d, 'sample 1');
    const back = deserialize(file, 'sample 1')!;
    expect(keysOf(back)).toEqual(keysOf(d));
    expect(Array.from(back.lat)).toEqual(Array.from(d.lat));
    expect(back.admins).toEqual(d.admins);
    // Read into a buffer at an odd offset, it is copied rather than misread.
    const odd = Buffer.concat([Buffer.alloc(1), file]).subarray(1);
    expect(Array.from(deserialize(odd, 'sample 1')!.population)).toEqual(Array.from(d.population));
    expect(deserialize(file, 'sample 2')).toBeNull();
    expect(deserialize(Buffer.from('not a gazetteer'), 'sample 1')).toBeNull();
    expect(deserialize(file.subarray(0, file.length - 100), 'sample 1')).toBeNull();
  });

  it('caches what a build of the dataset gives now (else FORMAT needs a bump)', () => {
    const { tsv, source } = datasetFiles();
    const fresh = serialize(buildGazetteerData(fs.readFileSync(tsv)), source);
    expect(fresh.equals(serialize(loadGazetteerData().data, source))).toBe(true);
  }, 120_000);
});
