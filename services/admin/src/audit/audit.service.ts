import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { AuditEntry } from '@luxe/contracts';
import { AuditRow } from './audit.entity';

export interface AuditInput {
  admin: { id: string; email: string };
  action: AuditEntry['action'];
  targetType: AuditEntry['targetType'];
  targetId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** The audit log: written in the same transaction as the action it records. */
@Injectable()
export class AuditService {
  constructor(private readonly ds: DataSource) {}

  async record(m: EntityManager, a: AuditInput): Promise<void> {
    const row = Object.assign(new AuditRow(), { id: randomUUID(), adminId: a.admin.id, adminEmail: a.admin.email, action: a.action, targetType: a.targetType, targetId: a.targetId, before: a.before, after: a.after, createdAt: new Date() });
    await m.save(AuditRow, row);
  }

  async list(q: { page: number; pageSize: number; targetId?: string }): Promise<{ entries: AuditEntry[]; page: number; pageSize: number; total: number }> {
    const [rows, total] = await this.ds.manager.findAndCount(AuditRow, {
      where: q.targetId ? { targetId: q.targetId } : {},
      order: { createdAt: 'DESC', id: 'ASC' },
      skip: (q.page - 1) * q.pageSize,
      take: q.pageSize,
    });
    return {
      entries: rows.map((r) => ({
        id: r.id,
        adminId: r.adminId,
        adminEmail: r.adminEmail,
        action: r.action as AuditEntry['action'],
        targetType: r.targetType as AuditEntry['targetType'],
        targetId: r.targetId,
        before: r.before,
        after: r.after,
        createdAt: new Date(r.createdAt).toISOString(),
      })),
      page: q.page,
      pageSize: q.pageSize,
      total,
    };
  }
}
