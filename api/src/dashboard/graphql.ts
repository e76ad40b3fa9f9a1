import { builder, selfOrAdmin } from '../graphql/builder.js';
import { todayIn } from '../platform/dates.js';
import { dashboardStats, type DashboardStats } from './service.js';

const DashboardStatsRef = builder.objectRef<DashboardStats>('DashboardStats').implement({
  description: 'The four numbers on the dashboard home.',
  fields: (t) => ({
    totalTrips: t.exposeInt('totalTrips', { description: 'Trips the user owns or has joined.' }),
    upcomingTrips: t.exposeInt('upcomingTrips', {
      description: "Of those, upcoming ones: starting after the caller's today, or not dated yet (as the trips page's tab).",
    }),
    totalExpenses: t.exposeInt('totalExpenses', { description: 'Expenses recorded in those trips.' }),
    pendingTasks: t.exposeInt('pendingTasks', { description: 'Open checklist items in those trips assigned to the user or to nobody.' }),
  }),
});

builder.prismaObjectFields('User', (t) => ({
  dashboardStats: t.field({
    type: DashboardStatsRef,
    description: "The dashboard home's numbers, on the caller's calendar (see the X-Time-Zone header).",
    authScopes: selfOrAdmin,
    resolve: (user, _a, ctx) => dashboardStats(ctx.deps, user.id, todayIn(ctx.timeZone)),
  }),
}));
