import { useMutation } from '@tanstack/react-query';
import { api, type AdminReport, type RouteBodyInput, type RouteQueryInput, type RouteResponse } from '@luxe/contracts';
import { callApi } from '../../../lib/api-client';
import { useAdminListPage, useInvalidateAdminLists } from './lists';

export type AdminReportsQuery = RouteQueryInput<typeof api.admin.reports>;
export type AdminReportsPage = RouteResponse<typeof api.admin.reports>;
export type ReportDecision = RouteBodyInput<typeof api.admin.decideReport>;

/** GET /api/admin/reports?status=&page=. */
export function useAdminReports(query: AdminReportsQuery) {
  return useAdminListPage('reports', api.admin.reports, query);
}

/** PUT /api/admin/reports/{id} {status: resolved|dismissed, note?}; the reports and the audit log are read again. */
export function useDecideReport() {
  const invalidate = useInvalidateAdminLists('reports');
  return useMutation({
    mutationFn: ({ id, ...body }: ReportDecision & { id: string }): Promise<AdminReport> =>
      callApi(api.admin.decideReport, { params: { id }, body }),
    onSettled: invalidate,
  });
}
