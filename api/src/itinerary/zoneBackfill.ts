/**
 * Zones for the rows written before trips and items had them (run at start-up, after the
 * migrations): a trip gets its destination's zone from its coordinates; an item the zone
 * `deriveZones` gives it with no caller to fall back on. Rows nothing can be said of stay null
 * (their times stay floating, as they were). Cheap once done: a statement that finds nothing.
 */
import type { PrismaClient } from '../db/index.js';
import { sql } from '../platform/sql.js';
import { zoneAt } from '../places/zoneLookup.js';
import { deriveZones, type ZoneSource } from './zones.js';

export async function fillMissingTimeZones(prisma: PrismaClient): Promise<{ trips: number; items: number }> {
  const trips = await prisma.trip.findMany({
    where: { timeZone: null, destinationLat: { not: null }, destinationLng: { not: null } },
    select: { id: true, destinationLat: true, destinationLng: true },
  });
  const tripZones = trips.map((t) => ({ id: t.id, zone: zoneAt(t.destinationLat, t.destinationLng) })).filter((t) => t.zone);
  if (tripZones.length) {
    const ids = tripZones.map((t) => t.id);
    const zones = tripZones.map((t) => t.zone);
    await prisma.$executeRaw(sql`UPDATE trips t SET time_zone = v.zone FROM unnest(${ids}::uuid[], ${zones}::text[]) AS v(id, zone) WHERE t.id = v.id`);
  }

  const items = await prisma.itineraryItem.findMany({
    where: { timeZone: null },
    select: {
      id: true,
      type: true,
      latitude: true,
      longitude: true,
      fromLocation: true,
      toLocation: true,
      timeZone: true,
      departureTimeZone: true,
      arrivalTimeZone: true,
      startTime: true,
      endTime: true,
      activityDate: true,
      arrivalDate: true,
      trip: { select: { timeZone: true } },
    },
  });
  const filled = items.map(({ id, trip, ...item }) => ({ id, ...deriveZones(item as ZoneSource, trip.timeZone, null) })).filter((z) => z.timeZone);
  if (filled.length) {
    // An old flight whose times do not add up keeps its zones, without an arrival day.
    const ids = filled.map((z) => z.id);
    const tz = filled.map((z) => z.timeZone);
    const dep = filled.map((z) => z.departureTimeZone);
    const arr = filled.map((z) => z.arrivalTimeZone);
    const day = filled.map((z) => (z.error || !z.arrivalDate ? null : z.arrivalDate.toISOString().slice(0, 10)));
    await prisma.$executeRaw(sql`UPDATE itinerary_items i SET time_zone = v.tz, departure_time_zone = v.dep, arrival_time_zone = v.arr, arrival_date = v.day
       FROM unnest(${ids}::uuid[], ${tz}::text[], ${dep}::text[], ${arr}::text[], ${day}::date[]) AS v(id, tz, dep, arr, day) WHERE i.id = v.id`);
  }
  return { trips: tripZones.length, items: filled.length };
}
