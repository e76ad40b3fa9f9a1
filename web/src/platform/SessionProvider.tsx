import { createContext, useCallback, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { sessionStore, type Session, type SessionUser } from './session';
import { renderedReader } from './renderFacts';

export interface SessionContextValue {
  /** True until the stored session has been read (and refreshed, if it was due). */
  loading: boolean;
  session: Session | null;
  user: SessionUser | null;
  signIn: (email: string, password: string) => Promise<Session>;
  signOut: () => Promise<void>;
}

const SessionContext = createContext<SessionContextValue | null>(null);

const subscribe = (onChange: () => void) => sessionStore.subscribe(onChange);
const getSession = () => sessionStore.current;
const getLoading = () => sessionStore.isLoading;
// Pages prerendered at build time (and hydrated in the browser) show the signed-out view while
// the session loads; a stored session takes over right after hydration. A signed-in page the
// server rendered for its reader (renderFacts.ts) shows that reader, as the server did.
let serverSession: { user: SessionUser; session: Session } | null = null;
function getServerSession(): Session | null {
  const viewer = renderedReader();
  if (!viewer) return null;
  if (serverSession?.user !== viewer) {
    // In the browser the stored session is this reader's (main.tsx checks); on the server only
    // the account is known. The account shown is the render's, to the letter.
    const stored = sessionStore.current;
    const base: Session = stored ?? { access_token: '', refresh_token: '', token_type: 'bearer', expires_in: 0, expires_at: 0, user: viewer };
    serverSession = { user: viewer, session: { ...base, user: viewer } };
  }
  return serverSession.session;
}
const getServerLoading = () => !renderedReader();

const neverChanges = () => () => undefined;
/**
 * True while the calling component adopts the server's markup (its hydration), false in every
 * later render and in renders from scratch. React hydrates a Suspense boundary's content after
 * the shell commits, by which time the provider above already holds the stored session: a
 * component there must still render as the server did, so each consumer checks for itself.
 */
export function useHydrating(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => false,
    () => true,
  );
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const session = useSyncExternalStore(subscribe, getSession, getServerSession);
  const loading = useSyncExternalStore(subscribe, getLoading, getServerLoading);
  const signIn = useCallback((email: string, password: string) => sessionStore.signIn(email, password), []);
  const signOut = useCallback(() => sessionStore.signOut(), []);
  const value = useMemo<SessionContextValue>(() => ({ loading, session, user: session?.user ?? null, signIn, signOut }), [loading, session, signIn, signOut]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/**
 * The session as this component may show it: signed out (and loading) while it hydrates, like
 * the server's render, then the reader's, in the render React schedules right after.
 */
export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  const hydrating = useHydrating();
  const asServer = useMemo<SessionContextValue>(() => {
    const session = getServerSession();
    return { ...value, loading: !session, session, user: session?.user ?? null };
  }, [value]);
  return hydrating ? asServer : value;
}
