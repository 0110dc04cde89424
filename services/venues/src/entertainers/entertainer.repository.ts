import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In, QueryFailedError } from 'typeorm';
import { DancerEntity } from '../staff/staff.entity';
import { VenueEntity } from '../venues/venue.entity';
import { EntertainerCard, EntertainerRequestEntity, VipAssignmentEntity } from './entertainer.entity';

const isUniqueViolation = (e: unknown) =>
  e instanceof QueryFailedError && (e as unknown as { code?: string }).code === '23505';

/** Every query on entertainers' venue requests, VIP room assignments and entertainer cards. */
@Injectable()
export class EntertainerRepository {
  constructor(private readonly ds: DataSource) {}

  /* --------------------------------------------------------------- requests */

  /** Records a new request; false when the entertainer already has one for the venue (the unique index refused it). */
  async addRequest(row: EntertainerRequestEntity): Promise<boolean> {
    try {
      await this.ds.manager.insert(EntertainerRequestEntity, row);
      return true;
    } catch (e) {
      if (isUniqueViolation(e)) return false;
      throw e;
    }
  }

  /** The entertainer's requests, newest first. */
  requestsOf(entertainerUserId: string): Promise<EntertainerRequestEntity[]> {
    return this.ds.manager.find(EntertainerRequestEntity, {
      where: { entertainerUserId },
      order: { createdAt: 'DESC', id: 'ASC' },
    });
  }

  /** Requests to the owner's venues: the pending ones first, then newest first. */
  requestsToOwner(ownerId: string): Promise<EntertainerRequestEntity[]> {
    return this.ds.manager
      .getRepository(EntertainerRequestEntity)
      .createQueryBuilder('r')
      .innerJoin(VenueEntity, 'v', 'v.id = r.venue_id')
      .where('v.owner_id = :ownerId', { ownerId })
      .orderBy(`(r.status = 'pending')`, 'DESC')
      .addOrderBy('r.created_at', 'DESC')
      .addOrderBy('r.id')
      .getMany();
  }

  /** The request row locked for the rest of the transaction (parallel decisions wait, then see it decided). */
  lockRequest(m: EntityManager, id: string): Promise<EntertainerRequestEntity | null> {
    return m
      .getRepository(EntertainerRequestEntity)
      .createQueryBuilder('r')
      .setLock('pessimistic_write')
      .where('r.id = :id', { id })
      .getOne();
  }

  saveRequest(m: EntityManager, r: EntertainerRequestEntity): Promise<EntertainerRequestEntity> {
    return m.save(EntertainerRequestEntity, r);
  }

  /* ------------------------------------------------------------ assignments */

  /** The assignments of the dancers linked to the entertainer, newest first. */
  assignmentsOfEntertainer(userId: string): Promise<VipAssignmentEntity[]> {
    return this.ds.manager
      .getRepository(VipAssignmentEntity)
      .createQueryBuilder('a')
      .innerJoin(DancerEntity, 'd', 'd.id = a.dancer_id')
      .where('d.entertainer_user_id = :me', { me: userId })
      .orderBy('a.created_at', 'DESC')
      .addOrderBy('a.id')
      .getMany();
  }

  /** The assignments at the owner's venues, newest first. */
  assignmentsAtOwner(ownerId: string): Promise<VipAssignmentEntity[]> {
    return this.ds.manager
      .getRepository(VipAssignmentEntity)
      .createQueryBuilder('a')
      .innerJoin(VenueEntity, 'v', 'v.id = a.venue_id')
      .where('v.owner_id = :ownerId', { ownerId })
      .orderBy('a.created_at', 'DESC')
      .addOrderBy('a.id')
      .getMany();
  }

  /** The assignment row locked for the rest of the transaction (an answer and a revocation at once: one wins, the other sees it). */
  lockAssignment(m: EntityManager, id: string): Promise<VipAssignmentEntity | null> {
    return m
      .getRepository(VipAssignmentEntity)
      .createQueryBuilder('a')
      .setLock('pessimistic_write')
      .where('a.id = :id', { id })
      .getOne();
  }

  assignmentExists(m: EntityManager, id: string): Promise<boolean> {
    return m.existsBy(VipAssignmentEntity, { id });
  }

  /** The room's assignments still proposed or accepted. */
  liveAssignmentsOfSection(m: EntityManager, sectionId: string): Promise<VipAssignmentEntity[]> {
    return m.find(VipAssignmentEntity, { where: { sectionId, status: In(['proposed', 'accepted']) } });
  }

  async insertAssignment(m: EntityManager, a: VipAssignmentEntity): Promise<void> {
    await m.insert(VipAssignmentEntity, a);
  }

  saveAssignment(m: EntityManager, a: VipAssignmentEntity): Promise<VipAssignmentEntity> {
    return m.save(VipAssignmentEntity, a);
  }

  /* ------------------------------------------------------------------ cards */

  async saveCard(m: EntityManager, card: EntertainerCard): Promise<void> {
    await m.save(EntertainerCard, card);
  }

  card(m: EntityManager, userId: string): Promise<EntertainerCard | null> {
    return m.findOneBy(EntertainerCard, { userId });
  }

  cards(userIds: string[]): Promise<EntertainerCard[]> {
    return this.ds.manager.findBy(EntertainerCard, { userId: In(userIds) });
  }

  /** A deleted entertainer: his requests and card. */
  async eraseEntertainer(m: EntityManager, userId: string): Promise<void> {
    await m.delete(EntertainerRequestEntity, { entertainerUserId: userId });
    await m.delete(EntertainerCard, { userId });
  }
}
