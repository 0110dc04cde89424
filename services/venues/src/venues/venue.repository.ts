import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, In, Repository } from 'typeorm';
import { cityName, normalizeState, stateCode } from '@luxe/contracts';
import { VenueEntity } from './venue.entity';

/** Every query on venues. */
@Injectable()
export class VenueRepository {
  constructor(@InjectRepository(VenueEntity) private readonly venues: Repository<VenueEntity>) {}

  findById(id: string, m: EntityManager = this.venues.manager): Promise<VenueEntity | null> {
    return m.findOneBy(VenueEntity, { id });
  }

  findByIds(ids: string[]): Promise<VenueEntity[]> {
    return this.venues.manager.findBy(VenueEntity, { id: In(ids) });
  }

  findByOwner(ownerId: string, m: EntityManager = this.venues.manager): Promise<VenueEntity[]> {
    return m.find(VenueEntity, { where: { ownerId }, order: { createdAt: 'DESC' } });
  }

  /** Approved and active venues, optionally of a city or state (case-insensitive) and of a type. */
  /**
   * Public venues, of a place: `state` is normalised (a US state's full name, see normalizeState);
   * a stored state matches by its name or its code, so rows written before states were normalised
   * ('FL') are found too. Without `city`, the whole state.
   */
  findPublic(
    filter: { place?: { city?: string; state: string }; type?: 'club' | 'yacht' } = {},
  ): Promise<VenueEntity[]> {
    const q = this.venues
      .createQueryBuilder('v')
      .where(`v.approval_status = 'approved'`)
      .andWhere('v.is_active = true');
    if (filter.place) {
      const state = normalizeState(filter.place.state);
      q.andWhere('lower(trim(v.state)) IN (lower(:state), lower(:code))', { state, code: stateCode(state) });
      // The city is stored as the location step sets it ('Miami, FL') or as typed ('Miami'): its name part.
      if (filter.place.city)
        q.andWhere(`lower(trim(split_part(v.city, ',', 1))) = lower(:city)`, { city: cityName(filter.place.city) });
    }
    if (filter.type) q.andWhere('v.type = :type', { type: filter.type });
    return q.orderBy('v.created_at', 'DESC').addOrderBy('v.id').getMany();
  }

  async save(m: EntityManager, venue: VenueEntity): Promise<VenueEntity> {
    return m.save(VenueEntity, venue);
  }

  async delete(m: EntityManager, id: string): Promise<void> {
    await m.delete(VenueEntity, { id });
  }
}
