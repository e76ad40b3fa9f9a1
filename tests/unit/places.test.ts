import { describe, expect, it } from 'vitest';
import { gazetteerStats, searchGazetteer } from '../../api/src/places/gazetteer.js';
import { normalizeText } from '../../api/src/places/normalize.js';
import { parseDestination, destinationToJson } from '../../api/src/places/destination.js';
import { searchPlaces } from '../../api/src/places/service.js';
import { trimParts } from '../../api/src/places/types.js';

describe('normalizeText', () => {
  it('ignores case, accents, hyphens and apostrophes', () => {
    expect(normalizeText('São Paulo')).toBe('sao paulo');
    expect(normalizeText('  SAINT-Étienne ')).toBe('saint etienne');
    expect(normalizeText("St. John's")).toBe('st johns');
    expect(normalizeText('Łódź')).toBe('lodz');
    expect(normalizeText('Straße')).toBe('strasse');
    expect(normalizeText('Zürich')).toBe('zurich');
  });
});

describe('trimParts', () => {
  it('keeps at most 3 non-empty, distinct parts', () => {
    expect(trimParts(['a', ' b ', '', 'B', 'c', 'd'])).toBe('a, b, c');
    expect(trimParts([null, undefined, ''])).toBe('');
  });
});

describe('gazetteer', () => {
  it('loads the dataset once and reports what it cost', async () => {
    await searchGazetteer('pa');
    const stats = gazetteerStats()!;
    expect(stats.cities).toBeGreaterThan(190_000);
    expect(stats.notable).toBeGreaterThan(200);
    expect(stats.keys).toBeGreaterThan(stats.cities);
    expect(['cache', 'built']).toContain(stats.source);
    expect(stats.loadMs).toBeGreaterThanOrEqual(0);
    // The index lives in buffers outside the heap: about 15 MB.
    expect(stats.dataBytes).toBeLessThan(30_000_000);
  });

  it('answers a query in well under a few milliseconds once loaded', async () => {
    await searchGazetteer('pa');
    const queries = ['sa', 'ma', 'lo', 'san', 'new y', 'munchen', 'lake como', 'st tropez', 'paris, tx', 'qqxqzz'];
    const times: number[] = [];
    for (let round = 0; round < 5; round++) {
      for (const q of queries) {
        const started = performance.now();
        await searchGazetteer(q);
        times.push(performance.now() - started);
      }
    }
    times.sort((a, b) => a - b);
    // Typically 0.05-0.5 ms; the bound leaves room for a busy machine.
    expect(times[Math.floor(times.length / 2)]).toBeLessThan(5);
  });

  it('matches a city-name prefix, most populous first', async () => {
    const places = await searchGazetteer('par');
    expect(places[0]).toMatchObject({
      placeId: 'city:2988507',
      mainText: 'Paris',
      secondaryText: 'Île-de-France, France',
      description: 'Paris, Île-de-France, France',
    });
    expect(places[0].lat).toBeCloseTo(48.853, 2);
    expect(places[0].lng).toBeCloseTo(2.349, 2);
    for (const p of places) expect(normalizeText(p.mainText).startsWith('par')).toBe(true);
  });

  it('ignores accents and case', async () => {
    const [first] = await searchGazetteer('sao pa');
    expect(first).toMatchObject({ mainText: 'São Paulo', secondaryText: 'Brazil', description: 'São Paulo, Brazil' });
    expect((await searchGazetteer('SÃO PAULO'))[0].placeId).toBe(first.placeId);
    expect((await searchGazetteer('zurich'))[0].mainText).toBe('Zürich');
  });

  it('puts exact names first, then population', async () => {
    const places = await searchGazetteer('london');
    expect(places.map((p) => p.description).slice(0, 2)).toEqual(['London, England, United Kingdom', 'London, Ontario, Canada']);
    // An exact name beats a larger city that merely starts with it.
    expect((await searchGazetteer('bath'))[0].description).toBe('Bath, England, United Kingdom');
  });

  it('narrows "city, country" and "city, region" queries', async () => {
    expect((await searchGazetteer('London, Canada')).map((p) => p.description)).toEqual(['London, Ontario, Canada']);
    expect((await searchGazetteer('paris, tx'))[0].description).toBe('Paris, Texas, United States');
    const us = await searchGazetteer('Paris, USA');
    expect(us.length).toBeGreaterThan(1);
    for (const p of us) expect(p.secondaryText.endsWith('United States')).toBe(true);
    expect(await searchGazetteer('Paris, Atlantis')).toEqual([]);
  });

  it('answers at most 5, nothing under 2 characters, nothing for unknown names', async () => {
    expect(await searchGazetteer('sa')).toHaveLength(5);
    expect(await searchGazetteer('sa', 50)).toHaveLength(5);
    expect(await searchGazetteer('sa', 2)).toHaveLength(2);
    expect(await searchGazetteer('p')).toEqual([]);
    expect(await searchGazetteer(' p ')).toEqual([]);
    expect(await searchGazetteer('')).toEqual([]);
    expect(await searchGazetteer('qqxqzz')).toEqual([]);
  });

  it('keeps ids stable and does not repeat a region named like the city', async () => {
    const [tokyo] = await searchGazetteer('tokyo');
    expect(tokyo).toMatchObject({ placeId: 'city:1850147', description: 'Tokyo, Japan' });
    const [nyc] = await searchGazetteer('new york');
    expect(nyc.description).toBe('New York City, New York, United States');
  });

  it('finds what travellers type: islands, lakes, coasts and other names', async () => {
    const first = async (q: string) => (await searchGazetteer(q))[0];
    // Not the towns called Bali in India and Cameroon.
    expect(await first('Bali')).toMatchObject({ placeId: 'place:bali', description: 'Bali, Indonesia' });
    // Not Lake Como, New Jersey.
    expect(await first('Lake Como')).toMatchObject({ placeId: 'place:lake-como', description: 'Lake Como, Lombardy, Italy' });
    for (const q of ['Munchen', 'München', 'muenchen', 'MÜNCHEN']) expect((await first(q)).description).toBe('Munich, Bavaria, Germany');
    expect(await first('Hallstatt')).toMatchObject({ placeId: 'city:2776943', description: 'Hallstatt, Austria' });
    expect(await first('Cinque Terre')).toMatchObject({ placeId: 'place:cinque-terre', description: 'Cinque Terre, Liguria, Italy' });
    expect((await first('Firenze')).description).toBe('Florence, Tuscany, Italy');
    expect((await first('Wien')).description).toBe('Vienna, Austria');
    expect((await first('Praha')).description).toBe('Prague, Czechia');
    expect((await first('Makkah')).description).toBe('Mecca, Saudi Arabia');
    expect((await first('krakow')).mainText).toBe('Kraków');
    // "St" and "Saint" either way.
    expect((await first('St Tropez')).mainText).toBe('Saint-Tropez');
    expect((await first('Saint Moritz')).mainText).toBe('St. Moritz');
    // A notable place's secondary text leaves out a country named like it.
    expect(await first('Maldives')).toMatchObject({ mainText: 'Maldives', secondaryText: '', description: 'Maldives' });
  });

  it("lets another name count for less than a place's own", async () => {
    // GeoNames lists "Venice" among Dayton's names and "Paraguay" among Asunción's.
    expect((await searchGazetteer('venice'))[0].description).toBe('Venice, Veneto, Italy');
    expect((await searchGazetteer('par')).map((p) => p.mainText)).not.toContain('Asunción');
  });

  it('narrows notable places by region or country too', async () => {
    expect((await searchGazetteer('Maui, Hawaii')).map((p) => p.placeId)).toEqual(['place:maui']);
    expect((await searchGazetteer('Lake Como, Italy')).map((p) => p.placeId)).toEqual(['place:lake-como']);
    expect((await searchGazetteer('Banff, Canada')).every((p) => p.secondaryText.endsWith('Canada'))).toBe(true);
    expect(await searchGazetteer('Santorini, Italy')).toEqual([]);
  });

  it('searchPlaces without a provider answers from the gazetteer', async () => {
    expect((await searchPlaces('  par  '))[0].mainText).toBe('Paris');
    expect(await searchPlaces('p')).toEqual([]);
    expect(await searchPlaces('par', { limit: 1 })).toHaveLength(1);
  });
});

describe('parseDestination', () => {
  const paris = {
    main_text: 'Paris',
    secondary_text: 'Île-de-France, France',
    full_description: 'Paris, Île-de-France, France',
    place_id: 'city:2988507',
    lat: 48.85341,
    lng: 2.3488,
  };

  it('accepts the structured object', () => {
    expect(parseDestination(paris)).toEqual({
      mainText: 'Paris',
      secondaryText: 'Île-de-France, France',
      description: 'Paris, Île-de-France, France',
      placeId: 'city:2988507',
      lat: 48.85341,
      lng: 2.3488,
    });
    expect(destinationToJson(parseDestination(paris)!)).toEqual(paris);
  });

  it('fills what the object leaves out', () => {
    expect(parseDestination({ main_text: ' Rome ', secondary_text: 'Italy' })).toEqual({
      mainText: 'Rome',
      secondaryText: 'Italy',
      description: 'Rome, Italy',
      placeId: null,
      lat: null,
      lng: null,
    });
    expect(parseDestination({ full_description: 'Lisbon, Portugal' })).toMatchObject({
      mainText: 'Lisbon',
      secondaryText: 'Portugal',
      description: 'Lisbon, Portugal',
    });
    expect(parseDestination({ main_text: 'Oslo', full_description: 'Oslo, Norway' })).toMatchObject({ secondaryText: 'Norway' });
    // Coordinates: both valid or neither; numeric strings are read.
    expect(parseDestination({ main_text: 'X', lat: '10.5', lng: '20' })).toMatchObject({ lat: 10.5, lng: 20 });
    expect(parseDestination({ main_text: 'X', lat: 95, lng: 20 })).toMatchObject({ lat: null, lng: null });
    expect(parseDestination({ main_text: 'X', lat: 10 })).toMatchObject({ lat: null, lng: null });
  });

  it('accepts a place-search prediction and camelCase', () => {
    const prediction = {
      description: 'Paris, France',
      place_id: 'p1',
      structured_formatting: { main_text: 'Paris', secondary_text: 'France' },
      lat: 1,
      lng: 2,
    };
    expect(parseDestination(prediction)).toEqual({ mainText: 'Paris', secondaryText: 'France', description: 'Paris, France', placeId: 'p1', lat: 1, lng: 2 });
    expect(parseDestination({ mainText: 'Paris', placeId: 'p2', latitude: 1, longitude: 2 })).toMatchObject({
      mainText: 'Paris',
      placeId: 'p2',
      lat: 1,
      lng: 2,
    });
  });

  it('accepts a JSON string of the object', () => {
    expect(parseDestination(JSON.stringify(paris))).toEqual(parseDestination(paris));
    expect(parseDestination(`  ${JSON.stringify({ main_text: 'Kyoto' })}  `)).toMatchObject({ mainText: 'Kyoto', description: 'Kyoto' });
    expect(parseDestination(JSON.stringify('Paris, France'))).toMatchObject({ mainText: 'Paris', secondaryText: 'France' });
  });

  it('accepts plain text', () => {
    expect(parseDestination('Paris, France')).toEqual({
      mainText: 'Paris',
      secondaryText: 'France',
      description: 'Paris, France',
      placeId: null,
      lat: null,
      lng: null,
    });
    expect(parseDestination('  Austin, Texas, USA ')).toMatchObject({ mainText: 'Austin', secondaryText: 'Texas, USA', description: 'Austin, Texas, USA' });
    expect(parseDestination('Bali')).toMatchObject({ mainText: 'Bali', secondaryText: '', description: 'Bali' });
  });

  it('answers null for nothing usable', () => {
    for (const garbage of [
      null,
      undefined,
      '',
      '   ',
      ',, ,',
      42,
      true,
      [],
      ['Paris'],
      {},
      { main_text: '  ' },
      { lat: 1, lng: 2 },
      '{"main_text":',
      '[1,2]',
      'null',
      '{}',
    ]) {
      expect(parseDestination(garbage)).toBeNull();
    }
  });
});
