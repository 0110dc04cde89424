import { api, type RouteQueryInput, type RouteResponse } from '@luxe/contracts';
import { useAdminListPage } from './lists';

export type AuditLogQuery = RouteQueryInput<typeof api.admin.auditLog>;
export type AuditLogPage = RouteResponse<typeof api.admin.auditLog>;

/** GET /api/admin/audit-log?page=: every admin action, newest first. */
export function useAuditLog(query: AuditLogQuery) {
  return useAdminListPage('audit-log', api.admin.auditLog, query);
}
