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

/** Sets the deepest matched route's `handle.title` (the landing page keeps the home title). */
export function useRouteTitle() {
  const matches = useMatches();
  const title = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.title)?.handle as RouteHandle | undefined;
  const text = title?.title ? titled(title.title) : HOME_TITLE;
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
