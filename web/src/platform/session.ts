/**
 * The signed-in session: kept in memory and in localStorage, read once on load, refreshed
 * shortly before it expires (and once, on demand, when the server answers 401 /
 * UNAUTHENTICATED), and cleared on sign-out. One store per page; React reads it through
 * SessionProvider, the Relay network layer reads it directly.
 *
 * Refresh tokens rotate: every refresh returns a new one and a reused one fails, so all
 * refreshes go through one in-flight promise (single-flight), and other tabs' rotations are
 * picked up from the `storage` event before this tab tries its own.
 */
import { apiRequest, ApiError } from './api';
import type { TravelPreferences } from './accountRules';
import { SESSION_STORAGE_KEY, TOKEN_USE_MARGIN_MS } from '../../../api/src/server/firstQuery';

export interface SessionUser {
  id: string;
  email: string;
  user_metadata?: {
    first_name?: string | null;
    last_name?: string | null;
    travel_preferences?: Partial<TravelPreferences> | null;
  };
}

export interface Session {
  access_token: string;
  refresh_token: string;
  token_type: string;
  expires_in: number;
  /** Unix seconds. */
  expires_at: number;
  user: SessionUser;
}

export type SessionListener = (session: Session | null) => void;

// Shared with the signed-in shells' inline script, which reads the same session (firstQuery.ts).
const STORAGE_KEY = SESSION_STORAGE_KEY;
/** Refresh this long before the access token expires. */
const REFRESH_MARGIN_MS = 60_000;
/** A token closer than this to expiry is refreshed before it is used. */
const USE_MARGIN_MS = TOKEN_USE_MARGIN_MS;

function isSession(value: unknown): value is Session {
  const s = value as Session | null;
  return (
    !!s &&
    typeof s.access_token === 'string' &&
    typeof s.refresh_token === 'string' &&
    typeof s.expires_at === 'number' &&
    !!s.user &&
    typeof s.user.id === 'string'
  );
}

function readStored(): Session | null {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return isSession(parsed) ? parsed : null;
  } catch (error) {
    console.warn('Could not read the stored session', error);
    return null;
  }
}

function writeStored(session: Session | null) {
  try {
    if (session) window.localStorage.setItem(STORAGE_KEY, JSON.stringify(session));
    else window.localStorage.removeItem(STORAGE_KEY);
  } catch (error) {
    console.warn('Could not store the session', error);
  }
}

const expiresInMs = (session: Session) => session.expires_at * 1000 - Date.now();

export class SessionExpiredError extends Error {
  constructor() {
    super('Session expired');
    this.name = 'SessionExpiredError';
  }
}

export class SessionStore {
  private session: Session | null = null;
  private listeners = new Set<SessionListener>();
  private refreshing: Promise<Session | null> | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private loading = true;
  readonly ready: Promise<void>;

  constructor() {
    // Prerendering at build time (no window): nobody is signed in and nothing is stored.
    if (typeof window === 'undefined') {
      this.ready = Promise.resolve();
      return;
    }
    this.ready = this.init();
    window.addEventListener('storage', this.onStorage);
    document.addEventListener('visibilitychange', this.onVisible);
  }

  /** Loading ends after the first read of the stored session (and its refresh, if due). */
  private async init(): Promise<void> {
    const stored = readStored();
    if (!stored) {
      this.finishLoading(null);
      return;
    }
    if (expiresInMs(stored) > USE_MARGIN_MS) {
      this.finishLoading(stored);
      return;
    }
    // The access token has expired: the visitor is signed out unless the refresh token
    // still gets a new session.
    this.session = stored;
    const refreshed = await this.refresh().catch(() => null);
    this.finishLoading(refreshed);
  }

  private finishLoading(session: Session | null) {
    this.loading = false;
    this.set(session);
  }

  get isLoading() {
    return this.loading;
  }

  get current(): Session | null {
    return this.session;
  }

  subscribe(listener: SessionListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private set(session: Session | null, persist = true) {
    this.session = session;
    if (persist) writeStored(session);
    this.schedule();
    for (const listener of this.listeners) listener(session);
  }

  private schedule() {
    clearTimeout(this.timer);
    const session = this.session;
    if (!session) return;
    const lead = Math.min(REFRESH_MARGIN_MS, (session.expires_in * 1000) / 4);
    const delay = Math.max(0, expiresInMs(session) - lead);
    // setTimeout overflows beyond ~24.8 days; sessions are much shorter, but stay safe.
    this.timer = setTimeout(() => void this.refresh().catch(() => undefined), Math.min(delay, 2 ** 31 - 1));
  }

  private onStorage = (event: StorageEvent) => {
    if (event.key !== STORAGE_KEY) return;
    const stored = readStored();
    if (stored?.access_token === this.session?.access_token) return;
    this.set(stored, false);
  };

  /** Timers sleep in background tabs: check the token when the tab comes back. */
  private onVisible = () => {
    if (document.visibilityState !== 'visible' || !this.session) return;
    if (expiresInMs(this.session) < REFRESH_MARGIN_MS) void this.refresh().catch(() => undefined);
  };

  async signIn(email: string, password: string): Promise<Session> {
    const session = await apiRequest<Session>('/api/auth/signin', { body: { email, password } });
    this.set(session);
    return session;
  }

  /** Starts using a session the server issued with another answer (a sign-up from an invitation). */
  adopt(session: Session): void {
    this.set(session);
  }

  /**
   * Goes on with a fresh access token the server issued with another answer (a password change,
   * after which the token it was made with is refused); the refresh token stays the same.
   */
  renewAccessToken(accessToken: string, expiresAt: number, expiresIn: number): void {
    if (!this.session) return;
    this.set({ ...this.session, access_token: accessToken, expires_at: expiresAt, expires_in: expiresIn });
  }

  /** Ends the session here at once; revoking the refresh token on the server is best effort. */
  async signOut(): Promise<void> {
    const session = this.session;
    this.set(null);
    if (!session) return;
    try {
      await apiRequest('/api/auth/signout', { body: { refresh_token: session.refresh_token } });
    } catch (error) {
      console.warn('Sign-out request failed', error);
    }
  }

  /**
   * Exchanges the refresh token for a new session. Concurrent callers share one request.
   * A refused token signs the visitor out (resolves to null); a network failure rejects and
   * keeps the session so a later attempt can succeed.
   */
  refresh(): Promise<Session | null> {
    if (this.refreshing) return this.refreshing;
    const current = this.session;
    if (!current) return Promise.resolve(null);
    // Another tab may already have rotated the token.
    const stored = readStored();
    if (stored && stored.refresh_token !== current.refresh_token && expiresInMs(stored) > REFRESH_MARGIN_MS) {
      this.set(stored, false);
      return Promise.resolve(stored);
    }
    this.refreshing = (async () => {
      try {
        const next = await apiRequest<Session>('/api/auth/refresh', {
          body: { refresh_token: current.refresh_token },
        });
        this.set(next);
        return next;
      } catch (error) {
        if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
          this.set(null);
          return null;
        }
        throw error;
      } finally {
        this.refreshing = null;
      }
    })();
    return this.refreshing;
  }

  /** The access token to send now, refreshed first when it is about to expire. */
  async accessToken(): Promise<string | null> {
    await this.ready;
    const session = this.session;
    if (!session) return null;
    if (expiresInMs(session) > USE_MARGIN_MS) return session.access_token;
    const next = await this.refresh().catch(() => this.session);
    return next?.access_token ?? null;
  }
}

export const sessionStore = new SessionStore();

/** Only same-site paths are followed after sign-in. */
export function safeRedirect(target: string | null | undefined, fallback = '/dashboard/trips'): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return fallback;
  return target;
}
