import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, In, Repository, SelectQueryBuilder } from 'typeorm';
import { cityName, normalizeState, pageOf, stateCode, type Page, type PageRequest } from '@luxe/contracts';
import { pageAtSql } from '@luxe/platform/db';
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

  /**
   * Public venues, of a place: `state` is normalised (a US state's full name, see normalizeState);
   * a stored state matches by its name or its code, so rows written before states were normalised
   * ('FL') are found too. Without `city`, the whole state. Newest first.
   */
  findPublic(
    filter: { place?: { city?: string; state: string }; type?: 'club' | 'yacht' } = {},
  ): Promise<VenueEntity[]> {
    return this.publicQuery(filter).orderBy('v.created_at', 'DESC').addOrderBy('v.id').getMany();
  }

  /**
   * A page of a city's public venues in findPublic's order (newest first, the id breaking ties),
   * after the key of the previous page's last venue. The partial index venues_public_city_created
   * (migration 1700000047000) serves it: the city's entries from that key on, in order, `limit + 1`
   * of them (the extra one says a next page exists), however many venues the city has.
   */
  async findPublicPage(
    filter: { place: { city: string; state: string }; type?: 'club' | 'yacht' },
    page: PageRequest,
  ): Promise<Page<VenueEntity>> {
    const q = this.publicQuery(filter).addSelect(pageAtSql('v.created_at'), 'page_at');
    if (page.after)
      // created_at <= :at bounds the index scan; the rest places the ties (created_at DESC, id ASC).
      q.andWhere(
        'v.created_at <= CAST(:at AS timestamptz) AND (v.created_at < CAST(:at AS timestamptz) OR v.id > :id)',
        {
          at: page.after.at,
          id: page.after.id,
        },
      );
    const { entities, raw } = await q
      .orderBy('v.created_at', 'DESC')
      .addOrderBy('v.id')
      .limit(page.limit + 1)
      .getRawAndEntities<{ page_at: string }>();
    const rows = entities.map((venue, i) => ({ venue, at: raw[i]!.page_at }));
    const p = pageOf(rows, page.limit, (r) => ({ at: r.at, id: r.venue.id }));
    return { items: p.items.map((r) => r.venue), nextCursor: p.nextCursor };
  }

  /** Approved and active venues of the filter's place and type (no order). */
  private publicQuery(filter: {
    place?: { city?: string; state: string };
    type?: 'club' | 'yacht';
  }): SelectQueryBuilder<VenueEntity> {
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
    return q;
  }

  async save(m: EntityManager, venue: VenueEntity): Promise<VenueEntity> {
    return m.save(VenueEntity, venue);
  }

  async delete(m: EntityManager, id: string): Promise<void> {
    await m.delete(VenueEntity, { id });
  }
}
