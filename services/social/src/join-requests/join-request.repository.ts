import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In } from 'typeorm';
import { EventCard, MemberCard } from '../catalog/catalog.entity';
import { JoinRequestEntity } from './join-request.entity';

/** Every query on join requests and the cards they are shown with. */
@Injectable()
export class JoinRequestRepository {
  constructor(private readonly ds: DataSource) {}

  event(bookingId: string, m: EntityManager = this.ds.manager): Promise<EventCard | null> {
    return m.findOneBy(EventCard, { bookingId });
  }
  eventsByIds(ids: string[]): Promise<EventCard[]> {
    return ids.length ? this.ds.manager.findBy(EventCard, { bookingId: In(ids) }) : Promise.resolve([]);
  }
  membersByIds(ids: string[]): Promise<MemberCard[]> {
    return ids.length ? this.ds.manager.findBy(MemberCard, { userId: In(ids) }) : Promise.resolve([]);
  }
  byId(id: string, m: EntityManager = this.ds.manager): Promise<JoinRequestEntity | null> {
    return m.findOneBy(JoinRequestEntity, { id });
  }
  ofGuest(guestId: string): Promise<JoinRequestEntity[]> {
    return this.ds.manager.find(JoinRequestEntity, { where: { guestId }, order: { createdAt: 'DESC' } });
  }
  ofBooking(bookingId: string): Promise<JoinRequestEntity[]> {
    return this.ds.manager.find(JoinRequestEntity, { where: { bookingId }, order: { createdAt: 'ASC', id: 'ASC' } });
  }
  save(m: EntityManager, r: JoinRequestEntity): Promise<JoinRequestEntity> {
    return m.save(JoinRequestEntity, r);
  }
  /** A deleted member: his requests (as guest or host), his card and his events. */
  async eraseMember(m: EntityManager, userId: string): Promise<void> {
    await m.delete(JoinRequestEntity, { guestId: userId });
    await m.delete(JoinRequestEntity, { hostId: userId });
    await m.delete(EventCard, { hostId: userId });
    await m.delete(MemberCard, { userId });
  }
}
