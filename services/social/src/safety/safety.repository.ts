import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In } from 'typeorm';
import { BlockEntity, ReportEntity } from './safety.entity';

/** Every query on blocks and reports. */
@Injectable()
export class SafetyRepository {
  constructor(private readonly ds: DataSource) {}

  /** Records the block unless it is there already; true when it is new. */
  async addBlock(m: EntityManager, blockerId: string, blockedId: string): Promise<boolean> {
    const inserted = await m
      .createQueryBuilder()
      .insert()
      .into(BlockEntity)
      .values({ blockerId, blockedId, createdAt: new Date() })
      .orIgnore()
      .returning('*')
      .execute();
    return inserted.raw.length > 0;
  }
  block(m: EntityManager, blockerId: string, blockedId: string): Promise<BlockEntity> {
    return m.findOneByOrFail(BlockEntity, { blockerId, blockedId });
  }
  /** The member's blocks, newest first. */
  blocksBy(blockerId: string): Promise<BlockEntity[]> {
    return this.ds.manager.find(BlockEntity, { where: { blockerId }, order: { createdAt: 'DESC' } });
  }
  /** Lifts the block; true when there was one. */
  async removeBlock(m: EntityManager, blockerId: string, blockedId: string): Promise<boolean> {
    const gone = await m.delete(BlockEntity, { blockerId, blockedId });
    return !!gone.affected;
  }
  reportExists(m: EntityManager, id: string): Promise<boolean> {
    return m.existsBy(ReportEntity, { id });
  }
  async addReport(m: EntityManager, r: ReportEntity): Promise<void> {
    await m.insert(ReportEntity, r);
  }
  /** Whether either of the two blocked the other. */
  async blockedBetween(a: string, b: string, m: EntityManager = this.ds.manager): Promise<boolean> {
    return m
      .getRepository(BlockEntity)
      .createQueryBuilder('b')
      .where('(b.blocker_id = :a AND b.blocked_id = :b) OR (b.blocker_id = :b AND b.blocked_id = :a)', { a, b })
      .getExists();
  }

  /** Everyone the member blocked or was blocked by. */
  async blockedWith(userId: string, m: EntityManager = this.ds.manager): Promise<Set<string>> {
    const rows: { other: string }[] = await m.query(
      `SELECT blocked_id AS other FROM blocks WHERE blocker_id = $1 UNION SELECT blocker_id FROM blocks WHERE blocked_id = $1`,
      [userId],
    );
    return new Set(rows.map((r) => r.other));
  }
  /** A deleted member's blocks go; the words of his reported messages are cleared (the reports stay). */
  async eraseMember(m: EntityManager, userId: string): Promise<void> {
    await m.delete(BlockEntity, { blockerId: userId });
    await m.delete(BlockEntity, { blockedId: userId });
    await m.update(ReportEntity, { reportedUserId: userId, kind: In(['message']) }, { content: null });
  }
}
