import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type AdminReport, type RouteBodyInput, type RouteQueryInput, type RouteResponse } from '@luxe/contracts';
import { callApi } from '../../../lib/api-client';
import { adminListKey } from './keys';

export type AdminReportsQuery = RouteQueryInput<typeof api.admin.reports>;
export type AdminReportsPage = RouteResponse<typeof api.admin.reports>;
export type ReportDecision = RouteBodyInput<typeof api.admin.decideReport>;

/** GET /api/admin/reports?status=&page=. */
export function getAdminReports(query: AdminReportsQuery, signal?: AbortSignal): Promise<AdminReportsPage> {
  return callApi(api.admin.reports, { query }, { signal });
}

export function getAdminReportsQueryOptions(query: AdminReportsQuery = {}) {
  return queryOptions({
    queryKey: [...adminListKey('reports'), query] as const,
    queryFn: ({ signal }) => getAdminReports(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAdminReports(query: AdminReportsQuery) {
  return useQuery(getAdminReportsQueryOptions(query));
}

/** PUT /api/admin/reports/{id} {status: resolved|dismissed, note?}; the reports and the audit log are read again. */
export function useDecideReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: ReportDecision & { id: string }): Promise<AdminReport> =>
      callApi(api.admin.decideReport, { params: { id }, body }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminListKey('reports') }),
        queryClient.invalidateQueries({ queryKey: adminListKey('audit-log') }),
      ]),
  });
}
