import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import {
  cityName,
  formatHourlyPrice,
  normalizeState,
  readPricingTiers,
  toCancellationPolicy,
  VENUE_ERRORS,
  VENUE_PLACEHOLDERS,
  type Page,
  type PageRequest,
  type Venue,
  type VenueDto,
} from '@luxe/contracts';
import { Outbox } from '@luxe/platform/events';
import { Actor, AppError } from '@luxe/platform/http';
import { VenueEntity } from './venue.entity';
import { VenueRepository } from './venue.repository';
import { PublicVenueCache } from './venue.cache';
import { SectionRepository } from '../sections/section.repository';
import { DancerEntity } from '../staff/staff.entity';
import { StaffRepository } from '../staff/staff.repository';
import { VenueBookingRepository } from '../venue-bookings/venue-booking.repository';
import { requireOwnerRole, VenueAccess } from './venue-access';

/** The API's read form of a venue (imageUrl, formattedPrice, parsed tiers). */
export function toVenue(v: VenueEntity): Venue {
  return {
    id: v.id,
    ownerId: v.ownerId,
    name: v.name,
    type: v.type,
    subtype: (v.subtype as Venue['subtype']) ?? null,
    city: v.city,
    state: v.state,
    address: v.address,
    description: v.description,
    images: v.images ?? [],
    amenities: v.amenities ?? [],
    capacity: v.capacity,
    pricePerHour: Number(v.pricePerHour).toFixed(2),
    rating: Number(v.rating).toFixed(2),
    hours: v.hours,
    yachtLength: v.yachtLength,
    hasCaptain: v.hasCaptain,
    responseRate: v.responseRate,
    cancellationPolicy: toCancellationPolicy(v.cancellationPolicy),
    rules: v.rules ?? [],
    pricingTiers: readPricingTiers(v.pricingTiers),
    approvalStatus: v.approvalStatus,
    isActive: v.isActive,
    createdAt: new Date(v.createdAt).toISOString(),
    imageUrl: v.images?.[0] ?? (v.type === 'yacht' ? VENUE_PLACEHOLDERS.yacht : VENUE_PLACEHOLDERS.venue),
    formattedPrice: formatHourlyPrice(v.pricePerHour),
  };
}

/**
 * Venues of their owners. Public reads see approved, active venues only; the owner sees his own
 * in any status. The owner is always the session's user; changes publish venue events through
 * the outbox in the same transaction.
 */
@Injectable()
export class VenueService {
  constructor(
    private readonly ds: DataSource,
    private readonly venues: VenueRepository,
    private readonly outbox: Outbox,
    private readonly cache: PublicVenueCache,
    private readonly access: VenueAccess,
    private readonly sections: SectionRepository,
    private readonly staff: StaffRepository,
    private readonly bookings: VenueBookingRepository,
  ) {}

  async create(actor: Actor, dto: VenueDto): Promise<Venue> {
    const ownerId = requireOwnerRole(actor);
    const saved = await this.ds.transaction(async (m) => {
      this.access.checkImages(ownerId, dto.images);
      const v = Object.assign(
        new VenueEntity(),
        { id: randomUUID(), ownerId, approvalStatus: 'pending' as const, isActive: true, createdAt: new Date() },
        this.fields(dto),
      );
      const row = await this.venues.save(m, v);
      await this.publish(m, 'venues.venue-created', row);
      return row;
    });
    await this.cache.invalidate();
    return toVenue(saved);
  }

  async update(actor: Actor, id: string, dto: VenueDto): Promise<Venue> {
    const saved = await this.ds.transaction(async (m) => {
      const v = await this.access.owned(m, actor, id);
      this.access.checkImages(v.ownerId, dto.images);
      Object.assign(v, this.fields(dto));
      const row = await this.venues.save(m, v);
      await this.publish(m, 'venues.venue-updated', row);
      return row;
    });
    await this.cache.invalidate();
    return toVenue(saved);
  }

  /**
   * Deletes the venue and publishes `venue-deleted`; refused while it has upcoming bookings
   * (confirmed, or held: venues' read model of bookings' events).
   */
  async remove(actor: Actor, id: string): Promise<void> {
    await this.ds.transaction(async (m) => {
      const v = await this.access.owned(m, actor, id);
      if (await this.bookings.hasUpcoming(m, { venueId: v.id })) throw AppError.of(VENUE_ERRORS.HAS_UPCOMING_BOOKINGS);
      await this.deleteVenue(m, v);
    });
    await this.cache.invalidate();
  }

  /**
   * An approval decision (the admin service's, or demo data): the status changes and
   * `venue-approved` is published; public lists show the change at once.
   */
  async decideApproval(venueId: string, status: 'approved' | 'rejected'): Promise<Venue> {
    const saved = await this.ds.transaction(async (m) => {
      const v = await this.venues.findById(venueId, m);
      if (!v) throw AppError.of(VENUE_ERRORS.NOT_FOUND);
      v.approvalStatus = status;
      const row = await this.venues.save(m, v);
      await this.outbox.add(m, 'venues.venue-approved', v.id, { venueId: v.id, status });
      return row;
    });
    await this.cache.invalidate();
    return toVenue(saved);
  }

  /**
   * The admin's decision (`admin.venue-approval-decided`), in the consumer's transaction: applied
   * only while the venue is pending (a redelivered or late decision changes nothing).
   */
  async applyApproval(m: EntityManager, venueId: string, status: 'approved' | 'rejected'): Promise<void> {
    const v = await this.venues.findById(venueId, m);
    if (!v || v.approvalStatus !== 'pending') return;
    v.approvalStatus = status;
    await this.venues.save(m, v);
    await this.outbox.add(m, 'venues.venue-approved', v.id, { venueId: v.id, status });
    // The lists are refreshed now and once more after the commit (the inbox commits after this).
    await this.cache.invalidate();
    setTimeout(() => void this.cache.invalidate(), 1000).unref();
  }

  /**
   * A deleted owner's venues go, each published as `venue-deleted` (in the erasure's inbox
   * transaction); the public lists are refreshed.
   */
  async eraseOwner(m: EntityManager, ownerId: string): Promise<void> {
    const owned = await this.venues.findByOwner(ownerId, m);
    for (const v of owned) await this.deleteVenue(m, v);
    if (owned.length) await this.cache.invalidate();
  }

  /** A public venue, or the caller's own whatever its status; anything else does not exist for the caller. */
  async get(actor: Actor, id: string): Promise<Venue> {
    return toVenue((await this.access.visible(actor, id)).venue);
  }

  /** Public lists come from the cache (Redis), refreshed whenever a venue changes. */
  listPublic(): Promise<Venue[]> {
    return this.cache.read('all', async () => (await this.venues.findPublic()).map(toVenue));
  }

  /**
   * A city's venues, or a whole state's without a city; 'FL' and 'Florida' share one cache entry.
   * An empty list is never kept: the places a caller can name are endless (any text in the path),
   * the places with venues are not, so the keys kept stay bounded by the venues there are (an
   * empty answer is one index lookup).
   */
  byLocation(city: string | undefined, state: string, type: 'all' | 'club' | 'yacht'): Promise<Venue[]> {
    const st = normalizeState(state);
    const key = `${city ? cityName(city).toLowerCase() : '*'}|${st.toLowerCase()}|${type}`;
    return this.cache.read(
      key,
      async () =>
        (await this.venues.findPublic({ place: { city, state: st }, type: type === 'all' ? undefined : type })).map(
          toVenue,
        ),
      (list) => list.length > 0,
    );
  }

  /**
   * A page of a city's venues (newest first). A place's first page (what /events and the Events
   * tab open with) comes from the cache as the whole lists do; a page after a cursor is read from
   * the database, never kept in Redis: any caller can ask for a new cursor every request, and each
   * page kept (~15 KB for a minute) would fill the Redis the sessions live in, whose `noeviction`
   * policy then refuses every write, logins included (docs/architecture.md#paged-lists). Such a
   * read is one index range scan. An empty first page is not kept either (byLocation says why).
   */
  byLocationPage(city: string, state: string, type: 'all' | 'club' | 'yacht', page: PageRequest): Promise<Page<Venue>> {
    const st = normalizeState(state);
    const load = async () => {
      const p = await this.venues.findPublicPage(
        { place: { city, state: st }, type: type === 'all' ? undefined : type },
        page,
      );
      return { items: p.items.map(toVenue), nextCursor: p.nextCursor };
    };
    if (page.after) return load();
    return this.cache.read(
      `page|${cityName(city).toLowerCase()}|${st.toLowerCase()}|${type}|${page.limit}|`,
      load,
      (p) => p.items.length > 0,
    );
  }

  async mine(actor: Actor): Promise<Venue[]> {
    const ownerId = requireOwnerRole(actor);
    return (await this.venues.findByOwner(ownerId)).map(toVenue);
  }

  private fields(dto: VenueDto): Partial<VenueEntity> {
    return {
      name: dto.name,
      type: dto.type,
      subtype: dto.type === 'club' ? (dto.subtype ?? null) : null,
      city: dto.city,
      // One spelling per state, so searches by name or code and the lists' labels agree.
      state: normalizeState(dto.state),
      address: dto.address,
      description: dto.description,
      images: dto.images,
      amenities: dto.amenities,
      capacity: dto.capacity,
      pricePerHour: dto.pricePerHour.toFixed(2),
      rating: (dto.rating ?? 0).toFixed(2),
      hours: dto.hours ?? null,
      yachtLength: dto.type === 'yacht' ? (dto.yachtLength ?? null) : null,
      hasCaptain: dto.type === 'yacht' ? dto.hasCaptain : false,
      responseRate: dto.responseRate ?? null,
      cancellationPolicy: dto.cancellationPolicy,
      rules: dto.rules,
      pricingTiers: dto.pricingTiers.map((t) => JSON.stringify({ hours: t.hours, price: t.price })),
    };
  }

  /**
   * A venue goes with its sections, dancers and bartenders (the foreign keys cascade); each
   * section and dancer is ended by its own event, so read models and the outbox let go of them.
   */
  private async deleteVenue(m: EntityManager, v: VenueEntity): Promise<void> {
    for (const s of await this.sections.findByVenue(v.id, false, m))
      await this.outbox.add(m, 'venues.section-removed', s.id, { sectionId: s.id, venueId: v.id });
    for (const d of await this.staff.findByVenue(DancerEntity, v.id, true, m))
      await this.outbox.add(m, 'venues.dancer-removed', d.id, { dancerId: d.id, venueId: v.id });
    await this.venues.delete(m, v.id);
    await this.outbox.add(m, 'venues.venue-deleted', v.id, { venueId: v.id });
  }

  private publish(m: EntityManager, type: 'venues.venue-created' | 'venues.venue-updated', v: VenueEntity) {
    const r = toVenue(v);
    return this.outbox.add(m, type, v.id, {
      venueId: r.id,
      ownerId: r.ownerId,
      name: r.name,
      type: r.type,
      subtype: r.subtype,
      city: r.city,
      state: r.state,
      pricePerHour: r.pricePerHour,
      capacity: r.capacity,
      imageUrl: r.imageUrl,
      approvalStatus: r.approvalStatus,
      isActive: r.isActive,
      pricingTiers: r.pricingTiers,
      cancellationPolicy: r.cancellationPolicy,
    });
  }
}
