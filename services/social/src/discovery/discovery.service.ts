import { Injectable } from '@nestjs/common';
import type { AvailableEvent, Page, PageRequest } from '@luxe/contracts';
import { Actor, requireMember } from '@luxe/platform/http';
import { CatalogRepository } from '../catalog/catalog.repository';
import { toAvailableEvent } from './discovery.mapper';
import { DiscoveryRepository } from './discovery.repository';

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

  /** A page of them (docs/architecture.md#paged-lists); the hosts' cards and who is going, for that page only. */
  async availableEvents(
    actor: Actor,
    place: { city: string; state: string },
    page: PageRequest,
  ): Promise<Page<AvailableEvent>> {
    requireMember(actor);
    const viewer = await this.members.card(actor.userId);
    const { items: rows, nextCursor } = await this.events.available(actor.userId, viewer?.gender ?? null, place, page);
    const hosts = await this.members.cards(rows.map((e) => e.hostId));
    const going = await this.members.attendees(rows.map((e) => e.bookingId));
    return { items: rows.map((e) => toAvailableEvent(e, hosts.get(e.hostId), going.get(e.bookingId))), nextCursor };
  }

  /** Whether the member may see the event (as discovery would show it to him, wherever and whenever it is). */
  async isVisibleTo(bookingId: string, viewerId: string): Promise<boolean> {
    const viewer = await this.members.card(viewerId);
    return this.events.isVisibleTo(bookingId, viewerId, viewer?.gender ?? null);
  }
}
