import type { EntityManager } from 'typeorm';
import { EventConsumer, OnEvent, UserErasureService, type EventOf } from '@luxe/platform/events';
import { VenueImageService } from './images/venue-image.service';
import { StaffService } from './staff/staff.service';
import { EntertainerService } from './entertainers/entertainer.service';
import { VenueService } from './venues/venue.service';

/**
 * The venues service's part of the account-deletion saga (inbox key `venues.user-erasure`): a
 * deleted owner's venues go (with their sections, dancers, bartenders and photos, each published
 * as `venue-deleted`), a deleted entertainer's dancers are unlinked and his requests and card go,
 * then the checkpoint. Entertainers' cards are kept here too, so a deletion always ends them.
 */
@EventConsumer('user-erasure')
export class VenueUserErasureConsumer {
  private readonly erasure = new UserErasureService();
  constructor(
    private readonly venues: VenueService,
    private readonly staff: StaffService,
    private readonly images: VenueImageService,
    private readonly entertainers: EntertainerService,
  ) {}

  @OnEvent('identity.user-registered')
  registered(e: EventOf<'identity.user-registered'>, tx: EntityManager) {
    return this.entertainers.saveCard(tx, e.data);
  }

  @OnEvent('identity.user-profile-updated')
  profile(e: EventOf<'identity.user-profile-updated'>, tx: EntityManager) {
    return this.entertainers.saveCard(tx, e.data);
  }

  @OnEvent('identity.user-deleted')
  async erase(event: EventOf<'identity.user-deleted'>, tx: EntityManager): Promise<void> {
    const { userId } = event.data;
    await this.venues.eraseOwner(tx, userId);
    await this.staff.unlinkEntertainer(tx, userId);
    await this.entertainers.eraseEntertainer(tx, userId);
    await this.images.eraseOwner(userId);
    await this.erasure.record(tx, userId);
  }
}
