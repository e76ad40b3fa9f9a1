/**
 * The landing and How It Works pages' look at the product, where the first build had a 'demo
 * video coming soon' placeholder: a screenshot of a real trip's plan, taken with Playwright from
 * the running app (see the README's "Product screenshot") and shipped as a small WebP.
 */
import { Paper, Text } from '@mantine/core';
import { imageLoading } from './imageLoading';

/** Its pixel size, so the page keeps its place before it loads. */
export const TOUR_IMAGE = { src: '/tour/trip-plan.webp', width: 1280, height: 720 } as const;

/** `firstScreen`: the page's largest picture on arrival (How It Works), asked for at once and first. */
export function ProductTour({ maw, firstScreen = false }: { maw?: number; firstScreen?: boolean }) {
  return (
    <Paper component="figure" shadow="md" radius="lg" m={0} maw={maw} mx={maw ? 'auto' : undefined} w="100%" style={{ overflow: 'hidden' }}>
      <img
        src={TOUR_IMAGE.src}
        width={TOUR_IMAGE.width}
        height={TOUR_IMAGE.height}
        {...imageLoading(firstScreen)}
        decoding="async"
        alt="A trip's plan in Tripcrew: its dates and destination, the itinerary, the budget and the map"
        style={{ display: 'block', width: '100%', height: 'auto' }}
      />
      <Text component="figcaption" fz="sm" c="dark.4" p="sm" ta="center">
        A trip's plan, as every member of the crew sees it
      </Text>
    </Paper>
  );
}
