import type { AuditEntry } from '@luxe/contracts';
import { formatDateTimeEst } from '../../../lib/format';
import { useAuditLog } from '../api/audit-log';
import { PagedDataList, usePage } from './list-parts';

export const AUDIT_ACTION_LABELS: Record<AuditEntry['action'], string> = {
  'venue.approve': 'Approved venue',
  'venue.reject': 'Rejected venue',
  'vip-assignment.propose': 'Proposed dancer',
  'vip-assignment.revoke': 'Revoked assignment',
  'user.suspend': 'Suspended user',
  'user.reinstate': 'Reinstated user',
  'report.resolve': 'Resolved report',
  'report.dismiss': 'Dismissed report',
};

const TARGET_LABELS: Record<AuditEntry['targetType'], string> = {
  venue: 'Venue',
  'vip-assignment': 'VIP assignment',
  user: 'User',
  report: 'Report',
};

function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** 'approvalStatus: pending → approved; …' for the fields that changed (absent and null are the same); '—' when none did. */
export function changeSummary(before: AuditEntry['before'], after: AuditEntry['after']): string {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].sort();
  const changes = keys
    .filter((k) => JSON.stringify(before?.[k] ?? null) !== JSON.stringify(after?.[k] ?? null))
    .map((k) => `${k}: ${show(before?.[k])} → ${show(after?.[k])}`);
  return changes.length ? changes.join('; ') : '—';
}

/** Audit Log tab (ours): who did what to which target, what changed and when (New York time). */
export function AuditLogPanel() {
  const paging = usePage('');
  const log = useAuditLog({ page: paging.page });
  return (
    <PagedDataList
      query={log}
      rows={(p) => p.entries}
      noun="audit entries"
      errorDetail="Unable to fetch the audit log"
      emptyTitle="No admin actions yet"
      paging={paging}
      label="Audit log"
      rowKey={(e) => e.id}
      rowLabel={(e) => `${AUDIT_ACTION_LABELS[e.action]} by ${e.adminEmail}`}
      template="minmax(0,1fr) minmax(0,1.2fr) minmax(0,0.9fr) minmax(0,1fr) minmax(0,1.6fr)"
      columns={[
        { label: 'Time', render: (e) => <time dateTime={e.createdAt}>{formatDateTimeEst(e.createdAt)}</time> },
        { label: 'Admin', render: (e) => e.adminEmail },
        { label: 'Action', render: (e) => AUDIT_ACTION_LABELS[e.action] },
        { label: 'Target', render: (e) => `${TARGET_LABELS[e.targetType]} ${e.targetId.slice(0, 8)}` },
        { label: 'Change', render: (e) => changeSummary(e.before, e.after) },
      ]}
    />
  );
}
