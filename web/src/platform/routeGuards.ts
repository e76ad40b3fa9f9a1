/**
 * Route guards that need no Relay (the route table imports them eagerly; Relay loads only with
 * the routes that query data, see routes.tsx).
 */
import { redirect, type LoaderFunctionArgs } from 'react-router-dom';
import { sessionStore } from './session';

export function signInRedirect(request: Request): Response {
  const url = new URL(request.url);
  return redirect(`/signin?next=${encodeURIComponent(url.pathname + url.search)}`);
}

/** Loader for routes that need a signed-in user: waits for the session, else sends to /signin. */
export async function requireSession({ request }: LoaderFunctionArgs): Promise<null> {
  await sessionStore.ready;
  if (!sessionStore.current) throw signInRedirect(request);
  return null;
}
