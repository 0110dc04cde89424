import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { ENTERTAINER_ERRORS, type EntertainerRequest, type EventData, type VipAssignment } from '@luxe/contracts';
import { Outbox } from '@luxe/platform/events';
import { Actor, AppError, requireMember } from '@luxe/platform/http';
import { SectionRepository } from '../sections/section.repository';
import { DancerEntity } from '../staff/staff.entity';
import { StaffRepository } from '../staff/staff.repository';
import { StaffService } from '../staff/staff.service';
import { requireOwnerRole, isPublic } from '../venues/venue-access';
import { VenueRepository } from '../venues/venue.repository';
import { EntertainerCard, EntertainerRequestEntity, VipAssignmentEntity } from './entertainer.entity';
import { EntertainerRepository } from './entertainer.repository';
const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/**
 * Entertainers and venues (docs/product.md#entertainers): an entertainer asks to join a strip club;
 * its owner approves by linking a dancer profile (an existing unlinked one, or a new one in the
 * entertainer's name) or declines. VIP room assignments come from the admin
 * (`vip-assignment-proposed`); the dancer's entertainer accepts or declines; the owner or an admin
 * revokes. Every change of an assignment is published (`vip-assignment-changed`).
 */
@Injectable()
export class EntertainerService {
  constructor(
    private readonly ds: DataSource,
    private readonly entertainers: EntertainerRepository,
    private readonly venues: VenueRepository,
    private readonly sections: SectionRepository,
    private readonly dancers: StaffRepository,
    private readonly staff: StaffService,
    private readonly outbox: Outbox,
  ) {}

  /* --------------------------------------------------------------- requests */

  async request(actor: Actor, venueId: string): Promise<EntertainerRequest> {
    requireMember(actor);
    if (actor.userType !== 'entertainer') throw AppError.of(ENTERTAINER_ERRORS.ENTERTAINERS_ONLY);
    const venue = await this.venues.findById(venueId);
    if (!venue || !isPublic(venue)) throw AppError.of(ENTERTAINER_ERRORS.VENUE_NOT_FOUND);
    if (venue.subtype !== 'strip_club') throw AppError.of(ENTERTAINER_ERRORS.NO_ENTERTAINERS);
    // Already one of the venue's entertainers: nothing to ask.
    if (await this.dancers.isLinked(venueId, actor.userId)) throw AppError.of(ENTERTAINER_ERRORS.DUPLICATE_REQUEST);
    const row = Object.assign(new EntertainerRequestEntity(), {
      id: randomUUID(),
      entertainerUserId: actor.userId,
      venueId,
      status: 'pending' as const,
      dancerId: null,
      createdAt: new Date(),
      respondedAt: null,
    });
    if (!(await this.entertainers.addRequest(row))) throw AppError.of(ENTERTAINER_ERRORS.DUPLICATE_REQUEST);
    return (await this.requestViews([row]))[0];
  }

  async myRequests(actor: Actor): Promise<EntertainerRequest[]> {
    requireMember(actor);
    return this.requestViews(await this.entertainers.requestsOf(actor.userId));
  }

  async ownerRequests(actor: Actor): Promise<EntertainerRequest[]> {
    const ownerId = requireOwnerRole(actor);
    return this.requestViews(await this.entertainers.requestsToOwner(ownerId));
  }

  async decideRequest(
    actor: Actor,
    id: string,
    decision: { approve: true; dancerId: string | null } | { approve: false },
  ): Promise<EntertainerRequest> {
    const ownerId = requireOwnerRole(actor);
    const row = await this.ds.transaction(async (m) => {
      const r = await this.entertainers.lockRequest(m, id);
      const venue = r ? await this.venues.findById(r.venueId, m) : null;
      // Another owner's request does not exist for the caller.
      if (!r || !venue || venue.ownerId !== ownerId) throw AppError.of(ENTERTAINER_ERRORS.REQUEST_NOT_FOUND);
      if (r.status !== 'pending') throw AppError.of(ENTERTAINER_ERRORS.NOT_PENDING);
      r.respondedAt = new Date();
      if (!decision.approve) {
        r.status = 'declined';
        return this.entertainers.saveRequest(m, r);
      }
      const dancer = decision.dancerId
        ? await this.linkExisting(m, r, decision.dancerId)
        : await this.createProfile(m, r);
      await this.staff.publishDancer(m, dancer);
      r.status = 'approved';
      r.dancerId = dancer.id;
      return this.entertainers.saveRequest(m, r);
    });
    return (await this.requestViews([row]))[0];
  }

  /* ------------------------------------------------------------ assignments */

  async myAssignments(actor: Actor): Promise<VipAssignment[]> {
    requireMember(actor);
    return this.assignmentViews(await this.entertainers.assignmentsOfEntertainer(actor.userId));
  }

  async ownerAssignments(actor: Actor): Promise<VipAssignment[]> {
    const ownerId = requireOwnerRole(actor);
    return this.assignmentViews(await this.entertainers.assignmentsAtOwner(ownerId));
  }

  /** The entertainer linked to the assignment's dancer answers, once, while it is proposed. */
  async answer(actor: Actor, id: string, accept: boolean): Promise<VipAssignment> {
    requireMember(actor);
    const row = await this.ds.transaction(async (m) => {
      const a = await this.entertainers.lockAssignment(m, id);
      const dancer = a ? await this.dancers.findById(DancerEntity, a.dancerId, m) : null;
      if (!a || !dancer || dancer.entertainerUserId !== actor.userId)
        throw AppError.of(ENTERTAINER_ERRORS.ASSIGNMENT_NOT_FOUND);
      if (a.status !== 'proposed') throw AppError.of(ENTERTAINER_ERRORS.NOT_PROPOSED);
      return this.setStatus(m, a, accept ? 'accepted' : 'declined');
    });
    return (await this.assignmentViews([row]))[0];
  }

  async ownerRevoke(actor: Actor, id: string): Promise<VipAssignment> {
    const ownerId = requireOwnerRole(actor);
    const row = await this.ds.transaction(async (m) => {
      const a = await this.entertainers.lockAssignment(m, id);
      const venue = a ? await this.venues.findById(a.venueId, m) : null;
      if (!a || !venue || venue.ownerId !== ownerId) throw AppError.of(ENTERTAINER_ERRORS.ASSIGNMENT_NOT_FOUND);
      if (a.status !== 'proposed' && a.status !== 'accepted') throw AppError.of(ENTERTAINER_ERRORS.NOT_REVOCABLE);
      return this.setStatus(m, a, 'revoked');
    });
    return (await this.assignmentViews([row]))[0];
  }

  /**
   * The admin proposed a dancer for a VIP room: the room's current assignment (if any) is revoked
   * and the new one is proposed. If the room or the dancer is gone (or no longer match), the
   * proposal is announced as revoked so the admin's view settles.
   */
  async proposed(m: EntityManager, d: EventData<'admin.vip-assignment-proposed'>): Promise<void> {
    if (await this.entertainers.assignmentExists(m, d.assignmentId)) return;
    const section = await this.sections.findById(d.sectionId, m);
    const dancer = await this.dancers.findById(DancerEntity, d.dancerId, m);
    const now = new Date();
    if (!section || !dancer || !section.isVipRoom || dancer.venueId !== section.venueId) {
      await this.outbox.add(m, 'venues.vip-assignment-changed', d.assignmentId, {
        assignmentId: d.assignmentId,
        sectionId: d.sectionId,
        dancerId: d.dancerId,
        venueId: d.venueId,
        entertainerUserId: null,
        status: 'revoked',
        createdAt: now.toISOString(),
        respondedAt: now.toISOString(),
      });
      return;
    }
    for (const current of await this.entertainers.liveAssignmentsOfSection(m, section.id))
      await this.setStatus(m, current, 'revoked');
    const a = Object.assign(new VipAssignmentEntity(), {
      id: d.assignmentId,
      sectionId: section.id,
      dancerId: dancer.id,
      venueId: section.venueId,
      entertainerUserId: dancer.entertainerUserId,
      status: 'proposed' as const,
      createdAt: now,
      respondedAt: null,
    });
    await this.entertainers.insertAssignment(m, a);
    await this.publish(m, a);
  }

  /** An admin revoked it: applied while it is still proposed or accepted. */
  async revokedByAdmin(m: EntityManager, assignmentId: string): Promise<void> {
    const a = await this.entertainers.lockAssignment(m, assignmentId);
    if (a && (a.status === 'proposed' || a.status === 'accepted')) await this.setStatus(m, a, 'revoked');
  }

  /* ------------------------------------------------------------------ cards */

  async saveCard(
    m: EntityManager,
    d: { userId: string; firstName: string; lastName: string; userType: string; profileImages: string[] },
  ): Promise<void> {
    if (d.userType !== 'entertainer') return;
    await this.entertainers.saveCard(
      m,
      Object.assign(new EntertainerCard(), {
        userId: d.userId,
        firstName: d.firstName,
        lastName: d.lastName,
        profileImages: d.profileImages,
      }),
    );
  }

  /** A deleted entertainer: his card and requests go (his dancers are unlinked by the staff service). */
  async eraseEntertainer(m: EntityManager, userId: string): Promise<void> {
    await this.entertainers.eraseEntertainer(m, userId);
  }

  /* ---------------------------------------------------------------- helpers */

  private async linkExisting(m: EntityManager, r: EntertainerRequestEntity, dancerId: string): Promise<DancerEntity> {
    const dancer = await this.dancers.lockDancer(m, dancerId);
    if (!dancer || dancer.venueId !== r.venueId) throw AppError.of(ENTERTAINER_ERRORS.DANCER_NOT_FOUND);
    if (dancer.entertainerUserId && dancer.entertainerUserId !== r.entertainerUserId)
      throw AppError.of(ENTERTAINER_ERRORS.DANCER_TAKEN);
    dancer.entertainerUserId = r.entertainerUserId;
    return this.dancers.save(m, DancerEntity, dancer);
  }

  private async createProfile(m: EntityManager, r: EntertainerRequestEntity): Promise<DancerEntity> {
    const card = await this.entertainers.card(m, r.entertainerUserId);
    const name = card ? `${card.firstName} ${card.lastName}`.trim() : 'Entertainer';
    const dancer = Object.assign(new DancerEntity(), {
      id: randomUUID(),
      venueId: r.venueId,
      entertainerUserId: r.entertainerUserId,
      name,
      description: '',
      images: [],
      specialties: [],
      isAvailable: true,
      isActive: true,
      priceModifier: '1.00',
      createdAt: new Date(),
    });
    return this.dancers.save(m, DancerEntity, dancer);
  }

  private async setStatus(
    m: EntityManager,
    a: VipAssignmentEntity,
    status: VipAssignmentEntity['status'],
  ): Promise<VipAssignmentEntity> {
    a.status = status;
    a.respondedAt = new Date();
    const saved = await this.entertainers.saveAssignment(m, a);
    await this.publish(m, saved);
    return saved;
  }

  private publish(m: EntityManager, a: VipAssignmentEntity) {
    return this.outbox.add(m, 'venues.vip-assignment-changed', a.id, {
      assignmentId: a.id,
      sectionId: a.sectionId,
      dancerId: a.dancerId,
      venueId: a.venueId,
      entertainerUserId: a.entertainerUserId,
      status: a.status,
      createdAt: new Date(a.createdAt).toISOString(),
      respondedAt: iso(a.respondedAt),
    });
  }

  private async requestViews(rows: EntertainerRequestEntity[]): Promise<EntertainerRequest[]> {
    const venueIds = [...new Set(rows.map((r) => r.venueId))];
    const userIds = [...new Set(rows.map((r) => r.entertainerUserId))];
    const venues = new Map((venueIds.length ? await this.venues.findByIds(venueIds) : []).map((v) => [v.id, v]));
    const cards = new Map((userIds.length ? await this.entertainers.cards(userIds) : []).map((c) => [c.userId, c]));
    return rows.map((r) => {
      const c = cards.get(r.entertainerUserId);
      return {
        id: r.id,
        entertainerUserId: r.entertainerUserId,
        venueId: r.venueId,
        venueName: venues.get(r.venueId)?.name ?? '',
        status: r.status,
        createdAt: new Date(r.createdAt).toISOString(),
        respondedAt: iso(r.respondedAt),
        dancerId: r.dancerId,
        entertainer: {
          id: r.entertainerUserId,
          firstName: c?.firstName ?? 'Entertainer',
          lastName: c?.lastName ?? '',
          profileImages: c?.profileImages ?? [],
        },
      };
    });
  }

  private async assignmentViews(rows: VipAssignmentEntity[]): Promise<VipAssignment[]> {
    const ids = (k: 'dancerId' | 'sectionId' | 'venueId') => [...new Set(rows.map((a) => a[k]))];
    const byId = async <T extends { id: string }>(list: string[], find: (ids: string[]) => Promise<T[]>) =>
      new Map((list.length ? await find(list) : []).map((x) => [x.id, x]));
    const dancers = await byId(ids('dancerId'), (l) => this.dancers.findByIds(DancerEntity, l));
    const sections = await byId(ids('sectionId'), (l) => this.sections.findByIds(l));
    const venues = await byId(ids('venueId'), (l) => this.venues.findByIds(l));
    return rows.map((a) => ({
      id: a.id,
      sectionId: a.sectionId,
      dancerId: a.dancerId,
      venueId: a.venueId,
      entertainerUserId: dancers.get(a.dancerId)?.entertainerUserId ?? a.entertainerUserId,
      status: a.status,
      createdAt: new Date(a.createdAt).toISOString(),
      respondedAt: iso(a.respondedAt),
      dancerName: dancers.get(a.dancerId)?.name ?? '',
      sectionName: sections.get(a.sectionId)?.name ?? '',
      venueName: venues.get(a.venueId)?.name ?? '',
    }));
  }
}
