import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
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
  /** The member's received invites, newest first. */
  ofGuest(guestId: string): Promise<InviteEntity[]> {
    return this.ds.manager.find(InviteEntity, { where: { guestId }, order: { createdAt: 'DESC', id: 'ASC' } });
  }
  /** The host's sent invites, newest first. */
  ofHost(hostId: string): Promise<InviteEntity[]> {
    return this.ds.manager.find(InviteEntity, { where: { hostId }, order: { createdAt: 'DESC', id: 'ASC' } });
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
