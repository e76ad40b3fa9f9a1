import { Box, type BoxProps } from '@mantine/core';
import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Fades its content in once 10% of it is on screen (IntersectionObserver, threshold 0.1).
 * With prefers-reduced-motion, or without IntersectionObserver, it is visible at once.
 */
export function Reveal({ children, ...props }: BoxProps & { children: ReactNode; id?: string; component?: 'section' | 'div' }) {
  const ref = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const node = ref.current;
    if (!node) return;
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    if (reduced || typeof IntersectionObserver === 'undefined') {
      setVisible(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setVisible(true);
          observer.disconnect();
        }
      },
      { threshold: 0.1 },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, []);
  return (
    <Box ref={ref} className="tc-reveal" data-visible={visible ? 'true' : 'false'} {...props}>
      {children}
    </Box>
  );
}
