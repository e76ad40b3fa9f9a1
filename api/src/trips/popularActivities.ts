/**
 * 'Popular Activities' on the trips page:
 * what the viewer's crew likes to do — the activities picked most often in the travel
 * preferences of the viewer and everyone sharing a current trip with them.
 */
import { z } from 'zod';
import { builder, selfOrAdmin } from '../graphql/builder.js';
import type { AppDeps } from '../platform/context.js';
import { onTripStatus } from './memberStatusSql.js';

export interface PopularActivity {
  activity: string;
  travelerCount: number;
}

/** One statement whatever the number of trips and companions. */
export async function popularActivities(deps: AppDeps, userId: string, limit: number): Promise<PopularActivity[]> {
  const rows = await deps.db.prisma.$queryRaw<{ activity: string; travelers: number }[]>`
    WITH crew AS (
      SELECT ${userId}::uuid AS id
      UNION
      SELECT other.user_id
      FROM trip_members mine
      JOIN trip_members other ON other.trip_id = mine.trip_id AND ${onTripStatus('other.status')}
      WHERE mine.user_id = ${userId}::uuid AND ${onTripStatus('mine.status')}
    )
    SELECT picked.activity, COUNT(*)::int AS travelers
    FROM users u
    JOIN crew ON crew.id = u.id
    CROSS JOIN LATERAL unnest(u.activities) AS picked(activity)
    GROUP BY picked.activity
    ORDER BY travelers DESC, picked.activity ASC
    LIMIT ${limit}`;
  return rows.map((r) => ({ activity: r.activity, travelerCount: r.travelers }));
}

const PopularActivityRef = builder.objectRef<PopularActivity>('PopularActivity').implement({
  description: 'An activity from travel preferences, and how many of the crew picked it.',
  fields: (t) => ({
    activity: t.exposeString('activity', { description: 'As shown in the preferences, e.g. "Food & drink".' }),
    travelerCount: t.exposeInt('travelerCount', { description: 'People among the viewer and their trip companions who picked it.' }),
  }),
});

builder.prismaObjectFields('User', (t) => ({
  popularActivities: t.field({
    type: [PopularActivityRef],
    description: "The activities the user's crew (the user and everyone sharing a current trip with them) picked most often, most popular first.",
    authScopes: selfOrAdmin,
    args: {
      first: t.arg.int({ required: false, defaultValue: 5, description: 'How many activities, from 1 to 20.', validate: z.number().int().min(1).max(20) }),
    },
    resolve: (user, args, ctx) => popularActivities(ctx.deps, user.id, args.first ?? 5),
  }),
}));
