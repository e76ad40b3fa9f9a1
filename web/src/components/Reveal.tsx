import { Box, type BoxProps } from '@mantine/core';
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';

/**
 * A section that fades and rises in when it is scrolled to (10% of it on screen).
 *
 * It renders visible ('static'), so prerendered pages show it in their first paint and the
 * browser's first render matches the prerendered markup. Right after mounting, before the
 * browser paints again, a section that is still below the screen is hidden ('hidden'): nobody
 * sees that happen, and it fades in ('shown') once scrolled into view. Sections already on
 * screen never fade. With prefers-reduced-motion, or without IntersectionObserver, nothing is
 * hidden.
 */
export function Reveal({ children, ...props }: BoxProps & { children: ReactNode; id?: string; component?: 'section' | 'div' }) {
  const ref = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'static' | 'hidden' | 'shown'>('static');
  useLayoutEffect(() => {
    const node = ref.current;
    if (!node || typeof IntersectionObserver === 'undefined') return;
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    if (node.getBoundingClientRect().top < window.innerHeight) return;
    setState('hidden');
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setState('shown');
          observer.disconnect();
        }
      },
      { threshold: 0.1 },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, []);
  return (
    <Box ref={ref} className="tc-reveal" data-reveal={state} {...props}>
      {children}
    </Box>
  );
}
