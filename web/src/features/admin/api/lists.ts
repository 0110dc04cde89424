import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RouteDef, RouteQueryInput } from '@luxe/contracts';
import { callApi, type CallArgs } from '../../../lib/api-client';
import { adminListKey, type AdminList } from './keys';

/**
 * One page of an admin list: the contract's GET entry called with the filters as its query, keyed
 * under the list (so a decision reads every page again), the previous page kept on screen while the
 * next one loads.
 */
export function useAdminListPage<R extends RouteDef>(list: AdminList, route: R, query: RouteQueryInput<R>) {
  return useQuery({
    queryKey: [...adminListKey(list), query] as const,
    // Every admin list entry declares a query (its filters and page): the args are exactly { query }.
    queryFn: ({ signal }) => callApi(route, { query } as CallArgs<R>, { signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * What a decision's onSettled does: the named lists are read again, whatever the outcome (a 409
 * means another admin decided first); the audit log is always among them, as it records the decision.
 */
export function useInvalidateAdminLists(...lists: AdminList[]) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [...lists, 'audit-log' as const].map((list) => queryClient.invalidateQueries({ queryKey: adminListKey(list) })),
    );
}
