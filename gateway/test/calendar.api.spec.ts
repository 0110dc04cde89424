import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { bookingWindow } from '@luxe/contracts';
import { ApiClient } from './support/client';
import { nyDate, World } from './support/world';

// A confirmed booking's calendar file through the gateway, on the distributed stack: its host and
// the guests approved to it download it; anyone else is told the booking does not exist.
const world = new World();
beforeAll(() => world.open('social'));
afterAll(() => world.close());

async function hostedEvent(startTime = '22:00', days = 4) {
  const { club, section } = await world.bookableClub('Calendar City');
  const host = await world.account('host', 'Hugo');
  await world.has('bookings', 'member_cards', 'user_id', host.id);
  const bookingDate = nyDate(days);
  const booking = await host.api.call('POST', '/api/bookings', {
    venueId: club,
    sectionId: section,
    bookingDate,
    startTime,
    duration: 3,
    eventDescription: 'Birthday, bring your best',
  });
  expect(booking.status).toBe(201);
  return { host, bookingId: booking.json.id as string, bookingDate, sectionType: booking.json.sectionType as string };
}

function parse(text: string) {
  const cal = new ICAL.Component(ICAL.parse(text));
  const vevent = cal.getFirstSubcomponent('vevent')!;
  return { cal, event: new ICAL.Event(vevent) };
}

describe('GET /api/bookings/:id/calendar.ics', () => {
  it('the host downloads his confirmed booking as an iCalendar file in New York time; a stranger gets 404, a visitor 401', async () => {
    const { host, bookingId, bookingDate, sectionType } = await hostedEvent();
    const r = await host.api.call('GET', `/api/bookings/${bookingId}/calendar.ics`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(r.text).toMatch(/^BEGIN:VCALENDAR\r\n/);
    const { cal, event } = parse(r.text);
    expect(cal.getFirstPropertyValue('version')).toBe('2.0');
    expect(cal.getFirstPropertyValue('prodid')).toContain('LuxeSwipe');
    expect(event.uid).toBe(`${bookingId}@luxeswipe`);
    expect(event.summary).toBe(`Velvet · ${sectionType}`);
    expect(event.location).toBe('Velvet, Calendar City');
    expect(event.description).toBe('Birthday, bring your best');
    const { startsAt, endsAt } = bookingWindow(bookingDate, '22:00', 3);
    expect(event.startDate.toJSDate().toISOString()).toBe(startsAt.toISOString());
    expect(event.endDate.toJSDate().toISOString()).toBe(endsAt.toISOString());

    const stranger = await world.account('guest', 'Sam');
    const refused = await stranger.api.call('GET', `/api/bookings/${bookingId}/calendar.ics`);
    expect([refused.status, refused.json?.message]).toEqual([404, 'Booking not found']);
    expect((await host.api.call('GET', '/api/bookings/00000000-0000-4000-8000-000000000000/calendar.ics')).status).toBe(
      404,
    );
    expect((await new ApiClient(world.base).call('GET', `/api/bookings/${bookingId}/calendar.ics`)).status).toBe(401);
  });

  it('a guest whose join request the host approved downloads it too', async () => {
    const { host, bookingId } = await hostedEvent('21:00', 5);
    await world.has('social', 'event_cards', 'booking_id', bookingId);
    const guest = await world.account('guest', 'Gina');
    await world.has('social', 'member_cards', 'user_id', guest.id);
    // Asked, not yet approved: not his to download.
    const asked = await guest.api.call('POST', '/api/event-join-requests', { bookingId, message: 'Count me in!' });
    expect(asked.status).toBe(201);
    expect((await guest.api.call('GET', `/api/bookings/${bookingId}/calendar.ics`)).status).toBe(404);

    expect((await host.api.call('POST', `/api/event-join-requests/${asked.json.id}/approve`)).status).toBe(200);
    await world.has('bookings', 'booking_attendees', 'user_id', guest.id);
    const r = await guest.api.call('GET', `/api/bookings/${bookingId}/calendar.ics`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(parse(r.text).event.uid).toBe(`${bookingId}@luxeswipe`);
  });

  it('a guest who accepted an invite to the booking downloads it too; an invite without an event gives nothing', async () => {
    const { host, bookingId } = await hostedEvent('20:00', 6);
    await world.has('social', 'event_cards', 'booking_id', bookingId);
    const guest = await world.account('guest', 'Ivy');
    await world.has('social', 'member_cards', 'user_id', guest.id);
    const loose = await host.api.call('POST', '/api/invites', {
      guestId: guest.id,
      eventTitle: 'Drinks',
      eventDate: nyDate(6),
    });
    const invite = await host.api.call('POST', '/api/invites', {
      guestId: guest.id,
      eventTitle: 'Velvet night',
      eventDate: nyDate(6),
      bookingId,
    });
    expect([loose.status, invite.status]).toEqual([201, 201]);
    expect((await guest.api.call('POST', `/api/invites/${loose.json.id}/respond`, { response: 'accept' })).status).toBe(
      200,
    );
    expect((await guest.api.call('GET', `/api/bookings/${bookingId}/calendar.ics`)).status).toBe(404);
    expect(
      (await guest.api.call('POST', `/api/invites/${invite.json.id}/respond`, { response: 'accept' })).status,
    ).toBe(200);
    await world.has('bookings', 'booking_attendees', 'user_id', guest.id);
    const r = await guest.api.call('GET', `/api/bookings/${bookingId}/calendar.ics`);
    expect([r.status, parse(r.text).event.uid]).toEqual([200, `${bookingId}@luxeswipe`]);
  });
});
