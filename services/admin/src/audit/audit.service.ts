import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { AuditEntry } from '@luxe/contracts';
import { AuditRow } from './audit.entity';
import { toAuditEntry } from './audit.mapper';
import { AuditRepository } from './audit.repository';

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
  constructor(private readonly log: AuditRepository) {}

  async record(m: EntityManager, a: AuditInput): Promise<void> {
    const row = Object.assign(new AuditRow(), {
      id: randomUUID(),
      adminId: a.admin.id,
      adminEmail: a.admin.email,
      action: a.action,
      targetType: a.targetType,
      targetId: a.targetId,
      before: a.before,
      after: a.after,
      createdAt: new Date(),
    });
    await this.log.add(m, row);
  }

  async list(q: {
    page: number;
    pageSize: number;
    targetId?: string;
  }): Promise<{ entries: AuditEntry[]; page: number; pageSize: number; total: number }> {
    const [rows, total] = await this.log.page(q);
    return { entries: rows.map(toAuditEntry), page: q.page, pageSize: q.pageSize, total };
  }
}
