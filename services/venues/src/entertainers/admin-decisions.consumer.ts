import type { EntityManager } from 'typeorm';
import { EventConsumer, OnEvent, type EventOf } from '@luxe/platform/events';
import { VenueService } from '../venues/venue.service';
import { EntertainerService } from './entertainer.service';

/**
 * The admin's decisions, applied by the venues service (inbox key `venues.admin-decisions`):
 * venue approval (only while pending) and VIP room assignments.
 */
@EventConsumer('admin-decisions')
export class AdminDecisionsConsumer {
  constructor(
    private readonly venues: VenueService,
    private readonly entertainers: EntertainerService,
  ) {}

  @OnEvent('admin.venue-approval-decided')
  approval(e: EventOf<'admin.venue-approval-decided'>, tx: EntityManager) {
    return this.venues.applyApproval(tx, e.data.venueId, e.data.status);
  }

  @OnEvent('admin.vip-assignment-proposed')
  proposed(e: EventOf<'admin.vip-assignment-proposed'>, tx: EntityManager) {
    return this.entertainers.proposed(tx, e.data);
  }

  @OnEvent('admin.vip-assignment-revoked')
  revoked(e: EventOf<'admin.vip-assignment-revoked'>, tx: EntityManager) {
    return this.entertainers.revokedByAdmin(tx, e.data.assignmentId);
  }
}
