import { Injectable } from '@nestjs/common';
import type { AvailableEvent } from '@luxe/contracts';
import { Actor, requireMember } from '@luxe/platform/http';
import { CatalogRepository } from '../catalog/catalog.repository';
import { toAvailableEvent } from './discovery.mapper';
import { DiscoveryRepository } from './discovery.repository';

const LIMIT = 100;

/**
 * Discovery (docs/product.md#discovery-swipe-deck): other hosts' confirmed upcoming events in a
 * city, those the viewer may see (guest visibility against his gender), has not asked to join yet,
 * and whose host and he have not blocked each other; soonest first, with the host's card and who is
 * going.
 */
@Injectable()
export class DiscoveryService {
  constructor(
    private readonly events: DiscoveryRepository,
    private readonly members: CatalogRepository,
  ) {}

  async availableEvents(actor: Actor, place: { city: string; state: string }): Promise<AvailableEvent[]> {
    requireMember(actor);
    const viewer = await this.members.card(actor.userId);
    const rows = await this.events.available(actor.userId, viewer?.gender ?? null, place, LIMIT);
    const hosts = await this.members.cards(rows.map((e) => e.hostId));
    const going = await this.members.attendees(rows.map((e) => e.bookingId));
    return rows.map((e) => toAvailableEvent(e, hosts.get(e.hostId), going.get(e.bookingId)));
  }

  /** Whether the member may see the event (as discovery would show it to him, wherever and whenever it is). */
  async isVisibleTo(bookingId: string, viewerId: string): Promise<boolean> {
    const viewer = await this.members.card(viewerId);
    return this.events.isVisibleTo(bookingId, viewerId, viewer?.gender ?? null);
  }
}
