import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { BartenderEntity, DancerEntity } from './staff.entity';

export type StaffEntity = typeof DancerEntity | typeof BartenderEntity;

/** Every query on dancers and bartenders. */
@Injectable()
export class StaffRepository {
  constructor(@InjectRepository(DancerEntity) private readonly dancers: Repository<DancerEntity>) {}

  findById<E extends StaffEntity>(entity: E, id: string, m: EntityManager = this.dancers.manager): Promise<InstanceType<E> | null> {
    return m.findOneBy(entity, { id }) as Promise<InstanceType<E> | null>;
  }

  /** A venue's staff; only the available, active ones unless `all`. */
  findByVenue<E extends StaffEntity>(entity: E, venueId: string, all: boolean, m: EntityManager = this.dancers.manager): Promise<InstanceType<E>[]> {
    return m.find(entity, { where: { venueId, ...(all ? {} : { isActive: true, isAvailable: true }) }, order: { createdAt: 'ASC', id: 'ASC' } }) as Promise<InstanceType<E>[]>;
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
