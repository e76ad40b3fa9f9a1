import path from 'node:path';

/** Everything the process reads from its environment, parsed once. */
export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  databaseUrl: string | undefined;
  /** Connections to PostgreSQL this process may hold at once (DATABASE_POOL_SIZE, default 10). */
  databasePoolSize: number;
  dataDir: string;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  mailDomain: string;
  inboundSmtpPort: number;
  /** Shared secret of `POST /api/inbound-email` (mail providers' webhooks); unset turns it off. */
  inboundSecret: string | undefined;
  /**
   * Inbound mail authentication (INBOUND_MAIL_AUTH): `verify` (the default) checks DKIM, SPF,
   * DMARC and ARC; `off` (development without DNS only, refused in production) trusts the From.
   */
  inboundMailAuth: 'verify' | 'off';
  /** Resolvers those checks ask (INBOUND_DNS_SERVERS, comma-separated); empty: the system's. */
  inboundDnsServers: string[];
  /** A JSON file of DNS answers those checks use instead of DNS (INBOUND_DNS_RECORDS; offline tests and development). */
  inboundDnsRecords: string | undefined;
  /** ARC sealers whose verdict on forwarded mail is trusted (INBOUND_ARC_SEALERS, domains). */
  inboundArcSealers: string[];
  storage: string;
  /** The largest video accepted, in bytes (VIDEO_MAX_BYTES, default 200 MB), counted while it streams in. */
  videoMaxBytes: number;
  authSecret: string | undefined;
  adminEmails: string[];
  logLevel: string;
  /**
   * How many reverse proxies stand in front (0: none). Each appends the address it saw to
   * X-Forwarded-For, so the client is that many entries from the right; anything further left
   * was written by the client and could be forged.
   */
  trustProxy: number;
  /** NODE_ENV=production (`npm start`): development conveniences such as source maps are not served. */
  production: boolean;
  /**
   * Background sweeps (orphaned live events, removed files, expired replay answers). On unless
   * BACKGROUND_SWEEPS=off; the test suites turn them off where they count SQL statements.
   */
  backgroundSweeps: boolean;
  /** Serve the built web app from this folder when it exists. */
  webDist: string;
  /** An online place search (Photon or Nominatim); unset means the offline gazetteer only. */
  placesProviderUrl?: string;
  /** Which API that server speaks; guessed from the address when PLACES_PROVIDER is unset. */
  placesProviderKind?: 'photon' | 'nominatim';
  /** An Overpass API endpoint (restaurants and attractions near a trip); unset means none are fetched. */
  overpassUrl?: string;
  /** An exchange-rate provider (Frankfurter-compatible: ?from=EUR&to=USD); unset means rates are typed. */
  ratesUrl?: string;
  /** What the expense form calls that provider (RATES_NAME); never its address. */
  ratesName: string;
  /** A MediaWiki API endpoint (api.php) for articles near a trip (list=geosearch); unset means none. */
  wikiGeosearchUrl?: string;
  /** The map's tile server, a URL template with {z}, {x} and {y} (and optionally {s}). */
  mapTilesUrl: string;
  /** How long a trip page's presence outlives its last heartbeat (an instance that died drops out after this). */
  presenceTtlMs: number;
  /** Accounts one client address may open in an hour, when not the default (many people behind one address: raise it). */
  signupsPerClientPerHour?: number;
  /** Sign-in attempts one client address may make in 15 minutes, when not the default (as above: many people behind one address). */
  signinsPerClientPer15Min?: number;
  /** Requests one client address may make in a minute through REST, GraphQL and WebSocket together, when not the default. */
  requestsPerClientPerMinute?: number;
  /** Page views (the analytics beacon) one client address may count in a minute, when not the default. */
  pageViewsPerClientPerMinute?: number;
  /**
   * The address on the contact page (CONTACT_EMAIL; else the address part of MAIL_FROM when a
   * person could read it): null when there is none, rather than a no-reply or localhost address.
   */
  contactEmail: string | null;
  /** Where a guide's flight search goes: a URL template with {from} and {to} (FLIGHT_SEARCH_URL). */
  flightSearchUrl: string;
  /**
   * A language model that reads the confirmations the rules cannot (RESERVATION_READER_URL, _MODEL,
   * _KEY, _TIMEOUT_MS): any OpenAI-compatible chat-completions endpoint. Unset (the default):
   * off, and no message's text leaves the machine.
   */
  reservationReader?: ReservationReaderConfig;
}

export interface ReservationReaderConfig {
  /** The chat-completions URL (…/v1/chat/completions). */
  url: string;
  model: string;
  key?: string;
  timeoutMs: number;
}

/** Requests run several statements at once (Promise.all), and a CPU-bound process rarely has more in flight. */
const DEFAULT_POOL_SIZE = 10;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 4000);
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  return {
    port,
    host: env.HOST ?? '127.0.0.1',
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    databaseUrl: env.DATABASE_URL || undefined,
    databasePoolSize: Math.max(1, Math.min(100, Number.parseInt(env.DATABASE_POOL_SIZE ?? '', 10) || DEFAULT_POOL_SIZE)),
    dataDir,
    redisUrl: env.REDIS_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'no-reply@localhost',
    mailDomain: env.MAIL_DOMAIN ?? 'mail.localhost',
    inboundSmtpPort: Number(env.INBOUND_SMTP_PORT ?? 2525),
    inboundSecret: env.INBOUND_SECRET || undefined,
    inboundMailAuth: inboundMailAuth(env),
    inboundDnsServers: list(env.INBOUND_DNS_SERVERS),
    inboundDnsRecords: env.INBOUND_DNS_RECORDS ? path.resolve(env.INBOUND_DNS_RECORDS) : undefined,
    inboundArcSealers: list(env.INBOUND_ARC_SEALERS),
    storage: env.STORAGE ?? 'local',
    videoMaxBytes: positiveInt(env.VIDEO_MAX_BYTES) ?? 200 * 1024 * 1024,
    authSecret: env.AUTH_SECRET || undefined,
    adminEmails: (env.ADMIN_EMAILS ?? '')
      .split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    trustProxy: env.TRUST_PROXY === 'true' ? 1 : Math.max(0, Math.min(10, Number.parseInt(env.TRUST_PROXY ?? '0', 10) || 0)),
    production: env.NODE_ENV === 'production',
    webDist: path.resolve(env.WEB_DIST ?? 'web/dist'),
    backgroundSweeps: env.BACKGROUND_SWEEPS !== 'off',
    placesProviderUrl: env.PLACES_PROVIDER_URL || undefined,
    placesProviderKind: env.PLACES_PROVIDER === 'photon' || env.PLACES_PROVIDER === 'nominatim' ? env.PLACES_PROVIDER : undefined,
    overpassUrl: env.OVERPASS_URL || undefined,
    ratesUrl: env.RATES_URL || undefined,
    ratesName: env.RATES_NAME?.trim().slice(0, 60) || 'exchange-rate service',
    wikiGeosearchUrl: env.WIKI_GEOSEARCH_URL || undefined,
    mapTilesUrl: mapTilesTemplate(env.MAP_TILES_URL),
    presenceTtlMs: Math.max(1000, Math.min(10 * 60_000, Number.parseInt(env.PRESENCE_TTL_MS ?? '', 10) || 30_000)),
    signupsPerClientPerHour: positiveInt(env.SIGNUPS_PER_CLIENT_PER_HOUR),
    signinsPerClientPer15Min: positiveInt(env.SIGNINS_PER_CLIENT_PER_15_MIN),
    requestsPerClientPerMinute: positiveInt(env.REQUESTS_PER_CLIENT_PER_MINUTE),
    pageViewsPerClientPerMinute: positiveInt(env.PAGE_VIEWS_PER_CLIENT_PER_MINUTE),
    contactEmail: env.CONTACT_EMAIL?.trim() || readableAddress(addressOf(env.MAIL_FROM ?? '')),
    flightSearchUrl: flightSearchTemplate(env.FLIGHT_SEARCH_URL),
    reservationReader: reservationReader(env),
  };
}

/**
 * RESERVATION_READER_URL checked at start-up: an http(s) endpoint, its base (…/v1) or its full
 * …/chat/completions address, with RESERVATION_READER_MODEL naming the model. Unset: no reader.
 */
export function reservationReader(env: NodeJS.ProcessEnv): ReservationReaderConfig | undefined {
  const raw = env.RESERVATION_READER_URL?.trim();
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`RESERVATION_READER_URL must be an http(s) URL such as http://localhost:8080/v1; got "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`RESERVATION_READER_URL must be an http(s) URL; got "${raw}"`);
  const model = env.RESERVATION_READER_MODEL?.trim();
  if (!model) throw new Error('RESERVATION_READER_MODEL must name the model when RESERVATION_READER_URL is set');
  const base = url.href.replace(/\/+$/, '');
  return {
    url: /\/chat\/completions$/.test(base) ? base : `${base}/chat/completions`,
    model,
    key: env.RESERVATION_READER_KEY?.trim() || undefined,
    timeoutMs: Math.max(500, Math.min(120_000, Number.parseInt(env.RESERVATION_READER_TIMEOUT_MS ?? '', 10) || 20_000)),
  };
}

/** OpenStreetMap's own tiles: fine for a small crew's use under its tile policy; set MAP_TILES_URL for more. */
export const DEFAULT_MAP_TILES_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

/**
 * MAP_TILES_URL checked at start-up: an http(s) template naming {z}, {x} and {y}. A wrong value
 * stops the server with the reason, rather than leaving every map blank.
 */
function mapTilesTemplate(value: string | undefined): string {
  const url = value?.trim();
  if (!url) return DEFAULT_MAP_TILES_URL;
  const ok = /^https?:\/\/[^/]+/i.test(url) && ['{z}', '{x}', '{y}'].every((part) => url.includes(part));
  if (!ok) throw new Error(`MAP_TILES_URL must be an http(s) URL template with {z}, {x} and {y}, e.g. ${DEFAULT_MAP_TILES_URL}; got "${url}"`);
  return url;
}

/** "Tripcrew <hello@example.com>" → "hello@example.com". */
function addressOf(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1]?.trim() ?? from.trim();
}

/** An address a person answers: not a no-reply mailbox, not a local machine's. */
function readableAddress(address: string): string | null {
  const [local = '', domain = ''] = address.toLowerCase().split('@');
  if (!local || !domain.includes('.') || domain.endsWith('.localhost') || domain.endsWith('.local')) return null;
  return /^(no-?reply|do-?not-?reply|mailer-daemon|bounces?)$/.test(local) ? null : address;
}

/** A flight search any browser can open without an account; the page fills in both places. */
export const DEFAULT_FLIGHT_SEARCH_URL = 'https://www.google.com/travel/flights?q=Flights%20from%20{from}%20to%20{to}';

function flightSearchTemplate(value: string | undefined): string {
  const url = value?.trim();
  if (!url) return DEFAULT_FLIGHT_SEARCH_URL;
  if (!/^https?:\/\/[^/]+/i.test(url) || !url.includes('{to}'))
    throw new Error(`FLIGHT_SEARCH_URL must be an http(s) URL template with {to} (and {from}), e.g. ${DEFAULT_FLIGHT_SEARCH_URL}; got "${url}"`);
  return url;
}

/** A positive whole number from the environment, or undefined (unset, empty or not one). */
function positiveInt(value: string | undefined): number | undefined {
  const n = Number.parseInt(value ?? '', 10);
  return n > 0 ? n : undefined;
}

const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((v) => v.trim().toLowerCase())
    .filter(Boolean);

/** `verify` unless explicitly `off`; `off` never in production, where anyone could forge a sender. */
function inboundMailAuth(env: NodeJS.ProcessEnv): 'verify' | 'off' {
  const value = (env.INBOUND_MAIL_AUTH ?? 'verify').trim().toLowerCase();
  if (value !== 'verify' && value !== 'off') throw new Error('INBOUND_MAIL_AUTH must be verify or off.');
  if (value === 'off' && env.NODE_ENV === 'production') throw new Error('INBOUND_MAIL_AUTH=off is for development only, never in production.');
  return value;
}
