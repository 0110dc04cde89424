import type { Attendees, Invite } from '@luxe/contracts';
import type { MemberCard } from '../catalog/catalog.entity';
import { toMemberView } from '../catalog/catalog.mapper';
import type { InviteEntity } from './invite.entity';

/**
 * An invite as the API shows it. `startTime` is its event's (null without one, or once the event
 * is gone: the invite keeps the day alone); `going`, who is going to that event.
 */
export function toInvite(
  r: InviteEntity,
  host: MemberCard | undefined,
  guest: MemberCard | undefined,
  startTime: string | null,
  going: Attendees | undefined,
): Invite {
  return {
    id: r.id,
    hostId: r.hostId,
    guestId: r.guestId,
    bookingId: r.bookingId,
    status: r.status,
    eventTitle: r.eventTitle,
    eventDescription: r.eventDescription,
    eventDate: r.eventDate,
    eventTime: startTime,
    createdAt: new Date(r.createdAt).toISOString(),
    respondedAt: r.respondedAt ? new Date(r.respondedAt).toISOString() : null,
    host: toMemberView(host, r.hostId),
    guest: toMemberView(guest, r.guestId),
    friendCount: going?.count ?? 0,
    friends: going?.avatars ?? [],
  };
}
