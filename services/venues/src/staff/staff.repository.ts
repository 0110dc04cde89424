import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, In, Repository } from 'typeorm';
import { BartenderEntity, DancerEntity } from './staff.entity';

export type StaffEntity = typeof DancerEntity | typeof BartenderEntity;

/** Every query on dancers and bartenders. */
@Injectable()
export class StaffRepository {
  constructor(@InjectRepository(DancerEntity) private readonly dancers: Repository<DancerEntity>) {}

  findById<E extends StaffEntity>(
    entity: E,
    id: string,
    m: EntityManager = this.dancers.manager,
  ): Promise<InstanceType<E> | null> {
    return m.findOneBy(entity, { id }) as Promise<InstanceType<E> | null>;
  }

  findByIds<E extends StaffEntity>(entity: E, ids: string[]): Promise<InstanceType<E>[]> {
    return this.dancers.manager.findBy(entity, { id: In(ids) }) as Promise<InstanceType<E>[]>;
  }

  /** The dancer row locked for the rest of the transaction (two owners linking it at once: one wins, the other sees it taken). */
  lockDancer(m: EntityManager, id: string): Promise<DancerEntity | null> {
    return m
      .getRepository(DancerEntity)
      .createQueryBuilder('d')
      .setLock('pessimistic_write')
      .where('d.id = :dancerId', { dancerId: id })
      .getOne();
  }

  /** Whether the entertainer is already linked to one of the venue's dancers. */
  isLinked(venueId: string, entertainerUserId: string): Promise<boolean> {
    return this.dancers.manager.existsBy(DancerEntity, { venueId, entertainerUserId });
  }

  /** A venue's staff; only the available, active ones unless `all`. */
  findByVenue<E extends StaffEntity>(
    entity: E,
    venueId: string,
    all: boolean,
    m: EntityManager = this.dancers.manager,
  ): Promise<InstanceType<E>[]> {
    return m.find(entity, {
      where: { venueId, ...(all ? {} : { isActive: true, isAvailable: true }) },
      order: { createdAt: 'ASC', id: 'ASC' },
    }) as Promise<InstanceType<E>[]>;
  }

  save<E extends StaffEntity>(m: EntityManager, entity: E, row: InstanceType<E>): Promise<InstanceType<E>> {
    return m.save(entity, row) as Promise<InstanceType<E>>;
  }

  async delete(m: EntityManager, entity: StaffEntity, id: string): Promise<void> {
    await m.delete(entity, { id });
  }

  /** The dancers linked to an entertainer account (the deletion saga unlinks them). */
  findByEntertainer(m: EntityManager, userId: string): Promise<DancerEntity[]> {
    return m.findBy(DancerEntity, { entertainerUserId: userId });
  }
}
