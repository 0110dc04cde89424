import { api, type Invite } from '@luxe/contracts';
import { callApi } from '../../../lib/api-client';
import { inviteEventTitle } from '../../../lib/booking-display';

/** The confirmed booking the invites are for. */
export interface InvitedEvent {
  bookingId: string;
  venueName: string;
  sectionType: string;
  bookingDate: string;
  eventDescription: string | null;
}

/** POST /api/invites: invites one member to the host's confirmed booking. */
export function inviteToEvent(guestId: string, event: InvitedEvent): Promise<Invite> {
  return callApi(api.invites.create, {
    body: {
      guestId,
      eventTitle: inviteEventTitle(event),
      eventDescription: event.eventDescription?.trim() || undefined,
      eventDate: event.bookingDate,
      bookingId: event.bookingId,
    },
  });
}

/**
 * Sends the invites chosen on the yacht flow's invites step once the booking is confirmed. Invite
 * failures are only logged (docs/product.md#booking-yachts); the others still go out.
 */
export async function inviteChosenGuests(guestIds: readonly string[], event: InvitedEvent): Promise<void> {
  await Promise.all(
    guestIds.map((guestId) =>
      inviteToEvent(guestId, event).catch((error: unknown) =>
        console.error('Failed to send an invite for the booking', error),
      ),
    ),
  );
}
