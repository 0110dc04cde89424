import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In } from 'typeorm';
import { prepareFindOneBy, upsertUnlessErased } from '@luxe/platform/db';
import { DoorStaffEntity } from '../passes/door-staff.entity';
import { DancerCard, MemberCard, SectionCard, VenueCard } from './catalog.entity';

/** Every query on bookings' read models of venues, sections, entertainers and members. */
@Injectable()
export class CatalogRepository {
  // Read on every booking: their SQL is built once (findOneBy rebuilds it on every call).
  private readonly venueById: (id: unknown, m?: EntityManager) => Promise<VenueCard | null>;
  private readonly memberById: (id: unknown, m?: EntityManager) => Promise<MemberCard | null>;
  private readonly sectionLocked: (id: unknown, m?: EntityManager) => Promise<SectionCard | null>;
  constructor(private readonly ds: DataSource) {
    this.venueById = prepareFindOneBy(ds.getRepository(VenueCard), 'venueId');
    this.memberById = prepareFindOneBy(ds.getRepository(MemberCard), 'userId');
    this.sectionLocked = prepareFindOneBy(ds.getRepository(SectionCard), 'sectionId', { lock: 'pessimistic_write' });
  }

  venue(id: string, m: EntityManager = this.ds.manager): Promise<VenueCard | null> {
    return this.venueById(id, m);
  }
  /** The venue row locked for the rest of the transaction: bookings of a yacht are counted under it. */
  lockVenue(m: EntityManager, id: string): Promise<VenueCard | null> {
    return m
      .getRepository(VenueCard)
      .createQueryBuilder('v')
      .setLock('pessimistic_write')
      .where('v.venue_id = :id', { id })
      .getOne();
  }
  /** The section row locked for the rest of the transaction: its bookings are counted under it. */
  lockSection(m: EntityManager, id: string): Promise<SectionCard | null> {
    if (!m.queryRunner?.isTransactionActive) throw new Error('lockSection must run inside a transaction');
    return this.sectionLocked(id, m);
  }
  section(id: string): Promise<SectionCard | null> {
    return this.ds.manager.findOneBy(SectionCard, { sectionId: id });
  }
  /** The entertainer's row locked for the rest of the transaction: his bookings in every room are counted under it. */
  lockDancer(m: EntityManager, id: string): Promise<DancerCard | null> {
    return m
      .getRepository(DancerCard)
      .createQueryBuilder('d')
      .setLock('pessimistic_write')
      .where('d.dancer_id = :id', { id })
      .getOne();
  }
  dancer(id: string, m: EntityManager = this.ds.manager): Promise<DancerCard | null> {
    return m.findOneBy(DancerCard, { dancerId: id });
  }
  member(id: string, m: EntityManager = this.ds.manager): Promise<MemberCard | null> {
    return this.memberById(id, m);
  }
  memberByEmail(email: string): Promise<MemberCard | null> {
    return this.ds.manager.findOneBy(MemberCard, { email });
  }
  /** The members' cards (those bookings has not heard of are absent). */
  members(ids: readonly string[]): Promise<MemberCard[]> {
    return this.ds.manager.findBy(MemberCard, { userId: In([...ids]) });
  }
  /** First names of members, by user id (those bookings has not heard of are absent). */
  async firstNames(ids: readonly string[]): Promise<Map<string, string>> {
    if (!ids.length) return new Map();
    const rows = await this.ds.manager.findBy(MemberCard, { userId: In([...ids]) });
    return new Map(rows.map((r) => [r.userId, r.firstName]));
  }
  /** People the booked unit holds: its section's capacity, or the yacht's (null when not known yet). */
  async capacityOf(m: EntityManager, b: { venueId: string; sectionId: string | null }): Promise<number | null> {
    if (b.sectionId) return (await m.findOneBy(SectionCard, { sectionId: b.sectionId }))?.capacity ?? null;
    return (await m.findOneBy(VenueCard, { venueId: b.venueId }))?.capacity ?? null;
  }
  /** The owner's venues, by name. */
  venuesOfOwner(ownerId: string): Promise<VenueCard[]> {
    return this.ds.manager.find(VenueCard, { where: { ownerId }, order: { name: 'ASC' } });
  }
  /** The venues, by name. */
  venuesByName(ids: readonly string[]): Promise<VenueCard[]> {
    if (!ids.length) return Promise.resolve([]);
    return this.ds.manager.find(VenueCard, { where: { venueId: In([...ids]) }, order: { name: 'ASC' } });
  }
  venueIdsOfOwner(ownerId: string): Promise<string[]> {
    return this.ds.manager
      .find(VenueCard, { where: { ownerId }, select: { venueId: true } })
      .then((vs) => vs.map((v) => v.venueId));
  }

  async saveVenue(m: EntityManager, v: VenueCard): Promise<void> {
    await m.save(VenueCard, v);
  }
  async setApproval(m: EntityManager, venueId: string, status: VenueCard['approvalStatus']): Promise<void> {
    await m.update(VenueCard, { venueId }, { approvalStatus: status });
  }
  /** A deleted venue's cards go (its sections and entertainers with it). */
  async deleteVenue(m: EntityManager, venueId: string): Promise<void> {
    await m.delete(SectionCard, { venueId });
    await m.delete(DancerCard, { venueId });
    await m.delete(DoorStaffEntity, { venueId });
    await m.delete(VenueCard, { venueId });
  }
  async saveSection(m: EntityManager, s: SectionCard): Promise<void> {
    await m.save(SectionCard, s);
  }
  async deleteSection(m: EntityManager, sectionId: string): Promise<void> {
    await m.delete(SectionCard, { sectionId });
  }
  async saveDancer(m: EntityManager, d: DancerCard): Promise<void> {
    await m.save(DancerCard, d);
  }
  async deleteDancer(m: EntityManager, dancerId: string): Promise<void> {
    await m.delete(DancerCard, { dancerId });
  }
  /** A member's card from identity's events; never again once his erasure is recorded here (a late or replayed event). */
  async saveMember(m: EntityManager, c: MemberCard): Promise<void> {
    // A profile update carries no email: the one registered stays.
    await upsertUnlessErased(
      m,
      MemberCard,
      c.userId,
      { userId: c.userId, firstName: c.firstName, ...(c.email ? { email: c.email } : {}) },
      ['userId'],
    );
  }
  /** A deleted member: his card, and the venues he owned (their own deletion events follow from venues). */
  async eraseMember(m: EntityManager, userId: string): Promise<void> {
    await m.delete(MemberCard, { userId });
    await m.delete(DoorStaffEntity, { userId });
    const owned = await m.find(VenueCard, { where: { ownerId: userId }, select: { venueId: true } });
    for (const v of owned) await this.deleteVenue(m, v.venueId);
  }
}
