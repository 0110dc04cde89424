import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type RouteQueryInput, type RouteResponse } from '@luxe/contracts';
import { callApi } from '../../../lib/api-client';
import { adminListKey } from './keys';

export type AuditLogQuery = RouteQueryInput<typeof api.admin.auditLog>;
export type AuditLogPage = RouteResponse<typeof api.admin.auditLog>;

/** GET /api/admin/audit-log?page=: every admin action, newest first. */
export function getAuditLog(query: AuditLogQuery, signal?: AbortSignal): Promise<AuditLogPage> {
  return callApi(api.admin.auditLog, { query }, { signal });
}

export function getAuditLogQueryOptions(query: AuditLogQuery = {}) {
  return queryOptions({
    queryKey: [...adminListKey('audit-log'), query] as const,
    queryFn: ({ signal }) => getAuditLog(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAuditLog(query: AuditLogQuery) {
  return useQuery(getAuditLogQueryOptions(query));
}
