import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { AuditRow } from './audit.entity';

/** Every query on the audit log. */
@Injectable()
export class AuditRepository {
  constructor(private readonly ds: DataSource) {}

  /** Writes the entry in the caller's transaction (the action it records). */
  async add(m: EntityManager, row: AuditRow): Promise<void> {
    await m.save(AuditRow, row);
  }
  /** A page of the log (of one target, if given), newest first, and how many entries there are. */
  page(q: { page: number; pageSize: number; targetId?: string }): Promise<[AuditRow[], number]> {
    return this.ds.manager.findAndCount(AuditRow, {
      where: q.targetId ? { targetId: q.targetId } : {},
      order: { createdAt: 'DESC', id: 'ASC' },
      skip: (q.page - 1) * q.pageSize,
      take: q.pageSize,
    });
  }
}
