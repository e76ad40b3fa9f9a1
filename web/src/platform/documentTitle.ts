/**
 * Each route's own document title (tabs, history and screen readers tell pages apart by it):
 * a route names its title in `handle.title`; a page that knows better (a trip's name) sets its
 * own with useDocumentTitle, which wins because it runs after the route's.
 */
import { useEffect, useLayoutEffect } from 'react';
import { useMatches } from 'react-router-dom';

const HOME_TITLE = 'Tripcrew · Plan trips together';
const titled = (title: string) => `${title} · Tripcrew`;

export interface RouteHandle {
  title?: string;
}

/** The document title of a route's matches: the deepest `handle.title` (the landing page keeps the home title). */
export function titleOfMatches(matches: readonly { handle?: unknown; route?: { handle?: unknown } }[]): string {
  const handles = matches.map((m) => (m.handle ?? m.route?.handle) as RouteHandle | undefined);
  const title = [...handles].reverse().find((h) => h?.title);
  return title?.title ? titled(title.title) : HOME_TITLE;
}

/** Sets the deepest matched route's `handle.title` (a server render writes the same, see prerender.tsx). */
export function useRouteTitle() {
  const text = titleOfMatches(useMatches());
  // A layout effect: it runs before any page's own (passive) effect, so a page may refine it.
  useLayoutEffect(() => {
    document.title = text;
  }, [text]);
}

/** A page's own title once it knows it (null leaves the route's). */
export function useDocumentTitle(title: string | null | undefined) {
  useEffect(() => {
    if (title) document.title = titled(title);
  }, [title]);
}
