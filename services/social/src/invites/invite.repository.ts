import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { pageOf, type Page, type PageQuery } from '@luxe/contracts';
import { InviteEntity } from './invite.entity';

/** Every query on invites (the events they name are read through `JoinRequestRepository`). */
@Injectable()
export class InviteRepository {
  constructor(private readonly ds: DataSource) {}

  byId(id: string): Promise<InviteEntity | null> {
    return this.ds.manager.findOneBy(InviteEntity, { id });
  }
  /** The invite's row locked for the rest of the transaction: it is answered once. */
  lockById(m: EntityManager, id: string): Promise<InviteEntity | null> {
    return m
      .getRepository(InviteEntity)
      .createQueryBuilder('i')
      .setLock('pessimistic_write')
      .where('i.id = :id', { id })
      .getOne();
  }
  /**
   * A page of the invites `side` of the member (received: he is the guest; sent: the host), newest
   * first (ties by id), leaving out those with a member in `hidden` (a blocked pair): the `limit`
   * after the cursor's invite (every one without a limit, as the spec's call answers). The order is
   * the one of invites_guest_page / invites_host_page, so a page reads its own size (issue 34).
   * Null when the cursor is not one of his invites on that side.
   */
  async page(
    side: 'received' | 'sent',
    userId: string,
    hidden: ReadonlySet<string>,
    page: PageQuery = {},
  ): Promise<Page<InviteEntity> | null> {
    const [mine, other] = side === 'received' ? ['guest_id', 'host_id'] : ['host_id', 'guest_id'];
    const q = this.ds.manager
      .getRepository(InviteEntity)
      .createQueryBuilder('i')
      .where(`i.${mine} = :userId`, { userId });
    if (hidden.size) q.andWhere(`NOT (i.${other} = ANY(:hidden))`, { hidden: [...hidden] });
    if (page.cursor) {
      const at = await this.byId(page.cursor);
      if (!at || (side === 'received' ? at.guestId : at.hostId) !== userId) return null;
      // Compared in SQL: created_at keeps microseconds that a Date read back would lose.
      q.andWhere('(i.created_at, i.id) < (SELECT c.created_at, c.id FROM invites c WHERE c.id = :cursor)', {
        cursor: page.cursor,
      });
    }
    q.orderBy('i.created_at', 'DESC').addOrderBy('i.id', 'DESC');
    if (page.limit) q.limit(page.limit + 1);
    return pageOf(await q.getMany(), page.limit);
  }
  async insert(m: EntityManager, r: InviteEntity): Promise<void> {
    await m.insert(InviteEntity, r);
  }
  async save(m: EntityManager, r: InviteEntity): Promise<void> {
    await m.save(InviteEntity, r);
  }
  /** A deleted member's invites, sent or received. */
  async eraseMember(m: EntityManager, userId: string): Promise<void> {
    await m.delete(InviteEntity, { hostId: userId });
    await m.delete(InviteEntity, { guestId: userId });
  }
}
