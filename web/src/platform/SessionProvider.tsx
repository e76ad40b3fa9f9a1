import { createContext, useCallback, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { sessionStore, type Session, type SessionUser } from './session';

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
// the session loads; a stored session takes over right after hydration.
const getServerSession = () => null;
const getServerLoading = () => true;

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
  const asServer = useMemo<SessionContextValue>(() => ({ ...value, loading: true, session: null, user: null }), [value]);
  return hydrating ? asServer : value;
}
