import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { AUTH_ERRORS, VENUE_ERRORS, VENUE_IMAGE_PATH } from '@luxe/contracts';
import { Actor, AppError, requireMember } from '@luxe/platform/http';
import { VenueEntity } from './venue.entity';
import { VenueRepository } from './venue.repository';

/** Venue owners only (the gateway checks it too): the session's user id. */
export function requireOwnerRole(actor: Actor): string {
  requireMember(actor);
  if (actor.userType !== 'venue') throw AppError.of(AUTH_ERRORS.FORBIDDEN);
  return actor.userId;
}

/**
 * Who may see and change a venue and what hangs off it (sections, dancers, bartenders, photos):
 * the owner changes; the public sees approved, active venues; anything else does not exist for
 * the caller.
 */
@Injectable()
export class VenueAccess {
  constructor(private readonly venues: VenueRepository) {}

  /** The venue, when the caller is its owner (in the transaction `m`). */
  async owned(m: EntityManager, actor: Actor, venueId: string): Promise<VenueEntity> {
    const ownerId = requireOwnerRole(actor);
    const venue = await this.venues.findById(venueId, m);
    if (!venue) throw AppError.of(VENUE_ERRORS.NOT_FOUND);
    if (venue.ownerId !== ownerId) throw AppError.of(VENUE_ERRORS.NOT_OWNER);
    return venue;
  }

  /** The venue and whether the caller owns it, when the caller may see it. */
  async visible(actor: Actor, venueId: string): Promise<{ venue: VenueEntity; owner: boolean }> {
    const venue = await this.venues.findById(venueId);
    const owner = !!venue && actor.userId !== null && venue.ownerId === actor.userId;
    if (!venue || (!owner && !isPublic(venue))) throw AppError.of(VENUE_ERRORS.NOT_FOUND);
    return { venue, owner };
  }

  /** Photos must be the owner's own uploads (`/api/images/venues/{ownerId}/...`), never any URL. */
  checkImages(ownerId: string, images: readonly string[]): void {
    for (const path of images)
      if (VENUE_IMAGE_PATH.exec(path)?.[1] !== ownerId) throw AppError.of(VENUE_ERRORS.NOT_YOUR_IMAGE);
  }
}

export function isPublic(v: Pick<VenueEntity, 'approvalStatus' | 'isActive'>): boolean {
  return v.approvalStatus === 'approved' && v.isActive;
}
