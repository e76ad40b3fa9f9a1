import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Renders `children` once its place comes within `margin` of the screen, `placeholder` until then
 * (the same size, so nothing moves). For heavy parts below the first screen (the trip map on a
 * phone, the expenses chart): their code loads when the reader scrolls toward them, not with the
 * page. Once shown they stay.
 */
export function WhenNear({ children, placeholder, margin = '300px' }: { children: ReactNode; placeholder: ReactNode; margin?: string }) {
  const place = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = place.current;
    if (near || !element) return;
    if (typeof IntersectionObserver === 'undefined') return setNear(true);
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), { rootMargin: margin });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, margin]);
  return near ? children : <div ref={place}>{placeholder}</div>;
}
