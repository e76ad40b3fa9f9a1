/**
 * The guide's sticky section navigation: a click scrolls smoothly to its section, and the
 * section being read is highlighted (`aria-current`) as the reader scrolls.
 */
import { Button, Group, Paper } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';

export const GUIDE_NAV = [
  { id: 'quick-facts', label: 'Quick Facts' },
  { id: 'where-to-stay', label: 'Where to Stay' },
  { id: 'activities', label: 'What to Do' },
  { id: 'when-to-go', label: 'When to Go' },
  { id: 'budget', label: 'Budget Guide' },
] as const;

/** How far below the window's top a section must reach to count as the one being read. */
const READING_LINE = 160;

function sectionInView(): string {
  let current: string = GUIDE_NAV[0].id;
  for (const { id } of GUIDE_NAV) {
    const el = document.getElementById(id);
    if (el && el.getBoundingClientRect().top <= READING_LINE) current = id;
  }
  // At the very bottom the last section is being read even when it is too short to reach the line.
  if (window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2) current = GUIDE_NAV[GUIDE_NAV.length - 1].id;
  return current;
}

export function GuideSectionNav() {
  const [active, setActive] = useState<string>(GUIDE_NAV[0].id);
  const bar = useRef<HTMLDivElement>(null);
  // On a narrow screen the bar scrolls sideways: keep the highlighted entry in sight (moving the
  // bar only, never the page, so a smooth scroll to a section is not interrupted).
  useEffect(() => {
    const el = bar.current;
    const button = el?.querySelector<HTMLElement>('[aria-current="true"]');
    if (el && button && el.scrollWidth > el.clientWidth) el.scrollLeft = button.offsetLeft - (el.clientWidth - button.offsetWidth) / 2;
  }, [active]);
  useEffect(() => {
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setActive(sectionInView()));
    };
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
    };
  }, []);
  const go = (id: string) => {
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    document.getElementById(id)?.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
  };
  return (
    <Paper ref={bar} component="nav" aria-label="Guide sections" shadow="xs" radius="md" p={6} pos="sticky" top={64} style={{ zIndex: 5, overflowX: 'auto' }}>
      <Group gap={4} wrap="nowrap">
        {GUIDE_NAV.map(({ id, label }) => (
          <Button
            key={id}
            size="compact-sm"
            variant={active === id ? 'filled' : 'subtle'}
            aria-current={active === id ? 'true' : undefined}
            onClick={() => go(id)}
            style={{ flexShrink: 0 }}
          >
            {label}
          </Button>
        ))}
      </Group>
    </Paper>
  );
}
