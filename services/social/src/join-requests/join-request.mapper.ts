import type { JoinRequest } from '@luxe/contracts';
import type { EventCard, MemberCard } from '../catalog/catalog.entity';
import type { JoinRequestEntity } from './join-request.entity';

/** A request as the API shows it, with its event (blank once gone), its guest's card and his place on the waitlist. */
export function toJoinRequest(
  r: JoinRequestEntity,
  e: EventCard | undefined,
  guest: MemberCard | undefined,
  waitlistPosition: number | null,
): JoinRequest {
  return {
    id: r.id,
    guestId: r.guestId,
    hostId: r.hostId,
    bookingId: r.bookingId,
    status: r.status,
    message: r.message,
    createdAt: new Date(r.createdAt).toISOString(),
    bookingDate: e?.bookingDate ?? '',
    startTime: e?.startTime ?? '',
    endTime: e?.endTime ?? '',
    venueName: e?.venueName ?? '',
    venueType: e?.venueType ?? 'club',
    sectionType: e?.sectionType ?? '',
    host: { id: r.hostId, firstName: e?.hostFirstName ?? 'Host' },
    guest: guest
      ? {
          id: guest.userId,
          firstName: guest.firstName,
          lastName: guest.lastName,
          profileImages: guest.profileImages ?? [],
          age: guest.age,
          city: guest.city,
          verified: guest.emailVerified === true,
        }
      : null,
    waitlistPosition,
  };
}
