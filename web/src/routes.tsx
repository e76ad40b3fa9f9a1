/**
 * Every route of the product (seed 002 §2.1). Each page is its own chunk (`lazy`); routes with
 * data start their Relay query in `loader` while the chunk loads (see platform/relay/routeQuery).
 * Feature work replaces a page file; the route table stays here.
 */
import type { ComponentType } from 'react';
import { createBrowserRouter, redirect, type RouteObject } from 'react-router-dom';
import { AuthLayout } from './components/AuthLayout';
import { Loading } from './components/Loading';
import { PublicLayout } from './components/PublicLayout';
import { RootLayout } from './components/RootLayout';
import { RouteError } from './components/RouteError';
import { relayLoader, requireSession } from './platform/relay/routeQuery';
import { tripNodeId } from './pages/trips/ids';
import { tripsPageVariables } from './pages/trips/tripsTab';
import { friendsPageVariables } from './pages/friends/constants';

/** A lazily loaded page module whose default export is the page component. */
const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({ Component: (await load()).default });

const dashboardChildren: RouteObject[] = [
  {
    index: true,
    loader: relayLoader('dashboard-home', () => import('./__generated__/DashboardHomePageQuery.graphql')),
    lazy: page(() => import('./pages/dashboard/DashboardHomePage')),
  },
  {
    path: 'trips',
    loader: relayLoader('trips', () => import('./__generated__/TripsPageQuery.graphql'), { variables: tripsPageVariables }),
    lazy: page(() => import('./pages/trips/TripsPage')),
  },
  {
    path: 'trips/:id',
    loader: relayLoader('trip-detail', () => import('./__generated__/TripDetailPageQuery.graphql'), {
      variables: ({ params }) => ({ id: tripNodeId(params.id ?? '') }),
    }),
    lazy: page(() => import('./pages/trips/TripDetailPage')),
  },
  { path: 'reservations', lazy: page(() => import('./pages/reservations/ReservationsPage')) },
  { path: 'expenses', lazy: page(() => import('./pages/expenses/ExpensesPage')) },
  { path: 'budget-test', lazy: page(() => import('./pages/expenses/BudgetTestPage')) },
  { path: 'checklist', lazy: page(() => import('./pages/checklist/ChecklistPage')) },
  { path: 'explore', lazy: page(() => import('./pages/explore/ExplorePage')) },
  {
    path: 'friends',
    loader: relayLoader('friends', () => import('./__generated__/FriendsPageQuery.graphql'), { variables: friendsPageVariables }),
    lazy: page(() => import('./pages/friends/FriendsPage')),
  },
  { path: 'photos', lazy: page(() => import('./pages/photos/PhotosPage')) },
  { path: 'mapped', lazy: page(() => import('./pages/mapped/MappedPage')) },
  { path: 'feedback', lazy: page(() => import('./pages/feedback/FeedbackPage')) },
  {
    path: 'settings',
    loader: relayLoader('settings', () => import('./__generated__/SettingsPageQuery.graphql')),
    lazy: page(() => import('./pages/settings/SettingsPage')),
  },
  { path: 'guides', lazy: page(() => import('./pages/guides/GuidesPage')) },
  { path: 'guides/:city', lazy: page(() => import('./pages/guides/GuidePage')) },
  { path: 'disclosure', lazy: page(() => import('./pages/static/DisclosurePage')) },
  { path: 'about', lazy: page(() => import('./pages/static/AboutPage')) },
  { path: 'contact', lazy: page(() => import('./pages/static/ContactPage')) },
  { path: 'admin', lazy: page(() => import('./pages/admin/AdminPage')) },
  { path: 'my-stories', lazy: page(() => import('./pages/stories/MyStoriesPage')) },
  { path: 'admin-stories', lazy: page(() => import('./pages/admin/AdminStoriesPage')) },
  { path: 'admin-guides', lazy: page(() => import('./pages/admin/AdminGuidesPage')) },
  { path: 'admin-analytics', lazy: page(() => import('./pages/admin/AdminAnalyticsPage')) },
];

export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: () => <Loading fullPage />,
    children: [
      { index: true, lazy: page(() => import('./pages/landing/LandingPage')) },
      {
        Component: PublicLayout,
        ErrorBoundary: RouteError,
        children: [
          { path: 'guides', lazy: page(() => import('./pages/guides/GuidesPage')) },
          { path: 'guides/:city', lazy: page(() => import('./pages/guides/GuidePage')) },
          { path: 'how-it-works', lazy: page(() => import('./pages/static/HowItWorksPage')) },
          { path: 'stories', lazy: page(() => import('./pages/stories/StoriesPage')) },
          { path: 'blog', lazy: page(() => import('./pages/stories/BlogListPage')) },
          { path: 'blog/stories/:id', lazy: page(() => import('./pages/stories/StoryViewPage')) },
          { path: 'blog/write', lazy: page(() => import('./pages/stories/StoryEditorPage')) },
          { path: 'blog/edit/:id', loader: requireSession, lazy: page(() => import('./pages/stories/StoryEditorPage')) },
          { path: 'pending-invitations', lazy: page(() => import('./pages/invitations/PendingInvitationsPage')) },
        ],
      },
      {
        Component: AuthLayout,
        ErrorBoundary: RouteError,
        children: [
          { path: 'signup', lazy: page(() => import('./pages/accounts/SignUpPage')) },
          { path: 'signin', lazy: page(() => import('./pages/accounts/SignInPage')) },
          { path: 'forgot-password', lazy: page(() => import('./pages/accounts/ForgotPasswordPage')) },
          { path: 'reset-password', lazy: page(() => import('./pages/accounts/ResetPasswordPage')) },
          { path: 'verify-email', lazy: page(() => import('./pages/accounts/VerifyEmailPage')) },
        ],
      },
      {
        path: 'dashboard',
        id: 'dashboard',
        loader: relayLoader('dashboard-shell', () => import('./__generated__/DashboardLayoutQuery.graphql')),
        lazy: page(() => import('./pages/dashboard/DashboardLayout')),
        ErrorBoundary: RouteError,
        children: dashboardChildren,
      },
      // Unknown paths go home.
      { path: '*', loader: () => redirect('/'), Component: () => null },
    ],
  },
];

export const router = createBrowserRouter(routes);
