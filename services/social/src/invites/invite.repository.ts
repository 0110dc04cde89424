import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { pageOf, type Page, type PageRequest } from '@luxe/contracts';
import { pageAtSql } from '@luxe/platform/db';
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
   * after the key of the previous page's last invite (every one without a limit, as the spec's
   * call answers). The order is the one of invites_guest_page / invites_host_page (migration
   * 1700000047300), so a page reads its own size. A key from another list is only a position in this one.
   */
  async page(
    side: 'received' | 'sent',
    userId: string,
    hidden: ReadonlySet<string>,
    page: PageRequest<number | undefined>,
  ): Promise<Page<InviteEntity>> {
    const [mine, other] = side === 'received' ? ['guest_id', 'host_id'] : ['host_id', 'guest_id'];
    const q = this.ds.manager
      .getRepository(InviteEntity)
      .createQueryBuilder('i')
      .addSelect(pageAtSql('i.created_at'), 'page_at')
      .where(`i.${mine} = :userId`, { userId });
    if (hidden.size) q.andWhere(`NOT (i.${other} = ANY(:hidden))`, { hidden: [...hidden] });
    if (page.after)
      q.andWhere('(i.created_at, i.id) < (CAST(:at AS timestamptz), CAST(:id AS uuid))', {
        at: page.after.at,
        id: page.after.id,
      });
    q.orderBy('i.created_at', 'DESC').addOrderBy('i.id', 'DESC');
    if (page.limit !== undefined) q.limit(page.limit + 1);
    const { entities, raw } = await q.getRawAndEntities<{ page_at: string }>();
    const rows = entities.map((invite, i) => ({ invite, at: raw[i]!.page_at }));
    const p = pageOf(rows, page.limit, (r) => ({ at: r.at, id: r.invite.id }));
    return { items: p.items.map((r) => r.invite), nextCursor: p.nextCursor };
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
