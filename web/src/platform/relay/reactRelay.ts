/**
 * The part of react-relay the app uses, taken from the package's own modules. react-relay is
 * CommonJS: importing its index runs (and bundles) every module it lists, the class-based
 * containers and entry points included (about 8 KB gzip that every signed-in page loaded and
 * none used). The production build resolves `react-relay` to this file (web/vite.config.ts), so
 * pages keep importing from 'react-relay' with its types. A hook not listed here is missing at
 * run time: add it below first.
 */
import type * as Hooks from 'react-relay/hooks';
import RelayEnvironmentProviderModule from 'react-relay/lib/relay-hooks/RelayEnvironmentProvider';
import { loadQuery as loadQueryModule } from 'react-relay/lib/relay-hooks/loadQuery';
import useFragmentModule from 'react-relay/lib/relay-hooks/useFragment';
import useLazyLoadQueryModule from 'react-relay/lib/relay-hooks/useLazyLoadQuery';
import useMutationModule from 'react-relay/lib/relay-hooks/useMutation';
import usePaginationFragmentModule from 'react-relay/lib/relay-hooks/usePaginationFragment';
import usePreloadedQueryModule from 'react-relay/lib/relay-hooks/usePreloadedQuery';
import useQueryLoaderModule from 'react-relay/lib/relay-hooks/useQueryLoader';
import useRelayEnvironmentModule from 'react-relay/lib/relay-hooks/useRelayEnvironment';
import useSubscriptionModule from 'react-relay/lib/relay-hooks/useSubscription';

export type { PreloadedQuery, UseMutationConfig } from 'react-relay/hooks';
export { fetchQuery, graphql } from 'relay-runtime';
export const RelayEnvironmentProvider = RelayEnvironmentProviderModule as typeof Hooks.RelayEnvironmentProvider;
export const loadQuery = loadQueryModule as typeof Hooks.loadQuery;
export const useFragment = useFragmentModule as typeof Hooks.useFragment;
export const useLazyLoadQuery = useLazyLoadQueryModule as typeof Hooks.useLazyLoadQuery;
export const useMutation = useMutationModule as typeof Hooks.useMutation;
export const usePaginationFragment = usePaginationFragmentModule as typeof Hooks.usePaginationFragment;
export const usePreloadedQuery = usePreloadedQueryModule as typeof Hooks.usePreloadedQuery;
export const useQueryLoader = useQueryLoaderModule as typeof Hooks.useQueryLoader;
export const useRelayEnvironment = useRelayEnvironmentModule as typeof Hooks.useRelayEnvironment;
export const useSubscription = useSubscriptionModule as typeof Hooks.useSubscription;
