import type { AuditEntry } from '@luxe/contracts';
import type { AuditRow } from './audit.entity';

export const toAuditEntry = (r: AuditRow): AuditEntry => ({
  id: r.id,
  adminId: r.adminId,
  adminEmail: r.adminEmail,
  action: r.action as AuditEntry['action'],
  targetType: r.targetType as AuditEntry['targetType'],
  targetId: r.targetId,
  before: r.before,
  after: r.after,
  createdAt: new Date(r.createdAt).toISOString(),
});
