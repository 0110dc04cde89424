import type { Attendees, AvailableEvent } from '@luxe/contracts';
import type { EventCard, MemberCard } from '../catalog/catalog.entity';
import { toMemberView } from '../catalog/catalog.mapper';

/** An event as discovery shows it; before the host's card arrives, the event's own copy of his name stands in. */
export function toAvailableEvent(
  e: EventCard,
  host: MemberCard | undefined,
  going: Attendees | undefined,
): AvailableEvent {
  const view = toMemberView(host, e.hostId);
  return {
    bookingId: e.bookingId,
    venueId: e.venueId,
    venueName: e.venueName,
    venueType: e.venueType,
    city: e.venueCity,
    state: e.venueState,
    images: e.venueImage ? [e.venueImage] : [],
    sectionType: e.sectionType,
    bookingDate: e.bookingDate,
    startTime: e.startTime,
    endTime: e.endTime,
    duration: e.duration,
    startsAt: e.startsAt.toISOString(),
    host: host ? view : { ...view, firstName: e.hostFirstName, userType: 'host' },
    attendees: going ?? { count: e.friendsCount, avatars: [] },
  };
}
