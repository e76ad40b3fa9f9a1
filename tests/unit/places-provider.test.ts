import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearPlaceCache, providerFromConfig, searchPlaces } from '../../api/src/places/service.js';
import { fromNominatim, fromPhoton, providerKind, type ProviderConfig } from '../../api/src/places/providers.js';

/** A stand-in for Photon and Nominatim on 127.0.0.1 (there is no outside network in tests). */
let server: http.Server;
let base: string;
const requests: URL[] = [];

const photonAnswer = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [2.3483915, 48.8534951] },
      properties: { osm_id: 7444, osm_type: 'R', name: 'Paris', state: 'Ile-de-France', country: 'France', countrycode: 'FR', type: 'city' },
    },
    {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [-95.555513, 33.6617962] },
      properties: { osm_id: 115357, osm_type: 'N', name: 'Paris', county: 'Lamar County', state: 'Texas', country: 'United States', type: 'city' },
    },
    { type: 'Feature', geometry: { type: 'Point', coordinates: [0, 0] }, properties: {} },
  ],
};

const nominatimAnswer = [
  {
    place_id: 88066702,
    osm_type: 'relation',
    osm_id: 71525,
    lat: '48.8588897',
    lon: '2.3200410',
    name: 'Paris',
    display_name: 'Paris, Île-de-France, France métropolitaine, France',
    address: { city: 'Paris', state: 'Île-de-France', country: 'France', country_code: 'fr' },
  },
  {
    place_id: 1,
    osm_type: 'way',
    osm_id: 5013364,
    lat: '48.8582602',
    lon: '2.2944991',
    name: 'Tour Eiffel',
    display_name: 'Tour Eiffel, 5, Avenue Anatole France, Quartier du Gros-Caillou, Paris, Île-de-France, France',
    address: { road: 'Avenue Anatole France', city: 'Paris', state: 'Île-de-France', country: 'France' },
  },
];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = new URL(req.url!, 'http://stub');
    requests.push(url);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/photon/api') return json(200, photonAnswer);
    if (url.pathname === '/nominatim/search') return json(200, nominatimAnswer);
    if (url.pathname === '/broken/api') return json(500, { message: 'boom' });
    if (url.pathname === '/garbage/api') return json(200, { hello: 'world' });
    if (url.pathname === '/slow/api') return void setTimeout(() => json(200, photonAnswer), 2_000);
    json(404, {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  clearPlaceCache();
  requests.length = 0;
});

const provider = (path: string, kind: ProviderConfig['kind'] = 'photon', timeoutMs?: number): ProviderConfig => ({ url: `${base}${path}`, kind, timeoutMs });

describe('online place provider', () => {
  it('asks Photon and maps its GeoJSON', async () => {
    const places = await searchPlaces('paris', { provider: provider('/photon') });
    expect(requests[0].pathname).toBe('/photon/api');
    expect(requests[0].searchParams.get('q')).toBe('paris');
    expect(requests[0].searchParams.get('limit')).toBe('5');
    expect(places).toEqual([
      {
        placeId: 'osm:R7444',
        mainText: 'Paris',
        secondaryText: 'Ile-de-France, France',
        description: 'Paris, Ile-de-France, France',
        lat: 48.8534951,
        lng: 2.3483915,
      },
      {
        placeId: 'osm:N115357',
        mainText: 'Paris',
        secondaryText: 'Texas, United States',
        description: 'Paris, Texas, United States',
        lat: 33.6617962,
        lng: -95.555513,
      },
    ]);
  });

  it('asks Nominatim and maps its results', async () => {
    const places = await searchPlaces('paris', { provider: provider('/nominatim/', 'nominatim'), limit: 3 });
    expect(requests[0].pathname).toBe('/nominatim/search');
    expect(requests[0].searchParams.get('format')).toBe('jsonv2');
    expect(requests[0].searchParams.get('q')).toBe('paris');
    expect(requests[0].searchParams.get('limit')).toBe('3');
    expect(places[0]).toEqual({
      placeId: 'osm:R71525',
      mainText: 'Paris',
      secondaryText: 'Île-de-France, France',
      description: 'Paris, Île-de-France, France',
      lat: 48.8588897,
      lng: 2.320041,
    });
    expect(places[1]).toMatchObject({ placeId: 'osm:W5013364', mainText: 'Tour Eiffel', secondaryText: 'Paris, Île-de-France, France' });
  });

  it('keeps a recent answer instead of asking again', async () => {
    await searchPlaces('paris', { provider: provider('/photon') });
    await searchPlaces(' Paris ', { provider: provider('/photon') });
    expect(requests).toHaveLength(1);
  });

  it("spends the caller's budget only when the provider is asked, and answers from the gazetteer once it is spent", async () => {
    let left = 1;
    let spent = 0;
    const spend = async () => {
      spent++;
      return left-- > 0;
    };
    await searchPlaces('paris', { provider: provider('/photon'), spend });
    // The same search again comes from the cache: nothing spent, nobody asked.
    await searchPlaces('paris', { provider: provider('/photon'), spend });
    expect([spent, requests.length]).toEqual([1, 1]);
    const spentOut = await searchPlaces('par', { provider: provider('/photon'), spend });
    expect([spent, requests.length]).toEqual([2, 1]);
    expect(spentOut[0].placeId).toBe('city:2988507');
  });

  it('falls back to the gazetteer when the provider fails', async () => {
    const warnings: string[] = [];
    const logger = { warn: (_o: object, msg: string) => void warnings.push(msg) };
    for (const path of ['/broken', '/garbage', '/nowhere']) {
      const places = await searchPlaces('par', { provider: provider(path), logger });
      expect(places[0].placeId).toBe('city:2988507');
    }
    expect(warnings).toHaveLength(3);
    // Nothing listens on port 9 (discard): a refused connection falls back too.
    const refused = await searchPlaces('par', { provider: { url: 'http://127.0.0.1:9', kind: 'photon' } });
    expect(refused[0].mainText).toBe('Paris');
  });

  it('gives up after the timeout and answers from the gazetteer', async () => {
    const started = Date.now();
    const places = await searchPlaces('london', { provider: provider('/slow', 'photon', 300) });
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(places[0].placeId).toBe('city:2643743');
  });

  it('never asks for fewer than 2 characters', async () => {
    expect(await searchPlaces('p', { provider: provider('/photon') })).toEqual([]);
    expect(requests).toHaveLength(0);
  });
});

describe('provider configuration', () => {
  it('reads PLACES_PROVIDER_URL and PLACES_PROVIDER, guessing the kind from the address', () => {
    expect(providerFromConfig({ publicUrl: 'http://x', placesProviderUrl: undefined })).toBeNull();
    expect(providerFromConfig({ publicUrl: 'http://x', placesProviderUrl: 'http://p', placesProviderKind: 'nominatim' })).toMatchObject({
      url: 'http://p',
      kind: 'nominatim',
    });
    expect(providerKind('https://nominatim.example.org', undefined)).toBe('nominatim');
    expect(providerKind('https://photon.komoot.io', undefined)).toBe('photon');
  });

  it('refuses answers of the wrong shape', () => {
    expect(() => fromPhoton([])).toThrow();
    expect(() => fromNominatim({})).toThrow();
    expect(fromNominatim([{ lat: 'x', lon: '1', name: 'Nowhere' }])).toEqual([]);
  });
});
