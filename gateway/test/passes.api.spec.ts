import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { nightOf, PASS_CODE_ALPHABET, todayInNewYork } from '@luxe/contracts';
import { ApiClient, waitFor } from './support/client';
import { nyDate, World } from './support/world';

// Door passes on the distributed stack: the attendees of a confirmed booking (host, approved
// guests, named friends) have signed passes; the owner of the booking's venue checks each in once,
// tonight only; anyone else, and any other pass, is refused and nothing changes.
const world = new World();
beforeAll(() => world.open('social'));
afterAll(() => world.close());

type Club = Awaited<ReturnType<World['bookableClub']>>;

/**
 * A confirmed booking for the night under way in New York. Between midnight and 06:00 that night
 * began yesterday, a date no longer bookable: the booking is made for today, then moved to it.
 */
async function tonight(club: Club, startTime = '22:00', hostName = 'Hugo') {
  const host = await world.account('host', hostName);
  await world.has('bookings', 'member_cards', 'user_id', host.id);
  const r = await host.api.call('POST', '/api/bookings', {
    venueId: club.club,
    sectionId: club.section,
    bookingDate: todayInNewYork(),
    startTime,
    duration: 2,
  });
  expect(r.status).toBe(201);
  const night = nightOf();
  if (night !== todayInNewYork())
    await world.dbs.bookings.query(`UPDATE bookings SET booking_date = $2 WHERE id = $1`, [r.json.id, night]);
  return { host, bookingId: r.json.id as string };
}

const checkedInAt = async (code: string) =>
  (await world.dbs.bookings.query(`SELECT checked_in_at FROM passes WHERE code = $1`, [code])).rows[0]?.checked_in_at ??
  null;

describe('passes of a booking', () => {
  it('the host, an approved guest and a named friend each have a pass; a stranger has none; the pass page shows it without secrets; the guest is checked in by his code', async () => {
    const club = await world.bookableClub('Pass City');
    // A later night (a join request needs an event still to come), moved to tonight for the door.
    const host = await world.account('host', 'Hugo');
    await world.has('bookings', 'member_cards', 'user_id', host.id);
    const bookingDate = nyDate(3);
    const booked = await host.api.call('POST', '/api/bookings', {
      venueId: club.club,
      sectionId: club.section,
      bookingDate,
      startTime: '22:00',
      duration: 2,
    });
    expect(booked.status).toBe(201);
    const bookingId = booked.json.id as string;

    const mine = await host.api.call('GET', `/api/bookings/${bookingId}/pass`);
    expect(mine.status).toBe(200);
    expect(mine.json.code).toMatch(new RegExp(`^[${PASS_CODE_ALPHABET}]{8}$`));
    expect(mine.json.url).toBe(`/pass/${mine.json.token}`);
    // Asked again: the same pass.
    expect((await host.api.call('GET', `/api/bookings/${bookingId}/pass`)).json).toEqual(mine.json);

    // A guest: none while his request waits, one once the host approved it.
    await world.has('social', 'event_cards', 'booking_id', bookingId);
    const guest = await world.account('guest', 'Gina');
    await world.has('social', 'member_cards', 'user_id', guest.id);
    await world.has('bookings', 'member_cards', 'user_id', guest.id);
    const asked = await guest.api.call('POST', '/api/event-join-requests', { bookingId, message: 'Count me in!' });
    expect(asked.status).toBe(201);
    const early = await guest.api.call('GET', `/api/bookings/${bookingId}/pass`);
    expect([early.status, early.json?.message]).toEqual([
      404,
      'Only the host and the guests of this booking have a pass',
    ]);
    expect((await host.api.call('POST', `/api/event-join-requests/${asked.json.id}/approve`)).status).toBe(200);
    await world.has('bookings', 'booking_attendees', 'user_id', guest.id);
    const guestPass = await guest.api.call('GET', `/api/bookings/${bookingId}/pass`);
    expect(guestPass.status).toBe(200);
    expect(guestPass.json.code).not.toBe(mine.json.code);
    expect(guestPass.json.token).not.toBe(mine.json.token);

    // A friend the host named for the booking: his pass from his invite link.
    const friend = await host.api.call('POST', '/api/friends', { name: 'Frank Ocean', bookingId });
    expect(friend.status).toBe(201);
    const inviteToken = (friend.json.inviteUrl as string).split('/').pop()!;
    const friendPass = await new ApiClient(world.base).call('GET', `/api/friends/invite/${inviteToken}/pass`);
    expect(friendPass.status).toBe(200);
    const loose = await host.api.call('POST', '/api/friends', { name: 'Lou' });
    const noBooking = await new ApiClient(world.base).call(
      'GET',
      `/api/friends/invite/${(loose.json.inviteUrl as string).split('/').pop()}/pass`,
    );
    expect([noBooking.status, noBooking.json?.message]).toEqual([
      404,
      'Only the host and the guests of this booking have a pass',
    ]);

    // Strangers: another member, a visitor.
    const stranger = await world.account('guest', 'Sam');
    const refused = await stranger.api.call('GET', `/api/bookings/${bookingId}/pass`);
    expect([refused.status, refused.json?.message]).toEqual([
      404,
      'Only the host and the guests of this booking have a pass',
    ]);
    expect((await new ApiClient(world.base).call('GET', `/api/bookings/${bookingId}/pass`)).status).toBe(401);

    // The public pass page.
    const page = await new ApiClient(world.base).call('GET', `/api/passes/${guestPass.json.token}`);
    expect(page.status).toBe(200);
    expect(page.json).toEqual({
      venueName: 'Velvet',
      venueCity: 'Pass City',
      sectionType: 'Table',
      bookingDate,
      startTime: '22:00',
      endTime: '00:00',
      attendeeFirstName: 'Gina',
      kind: 'guest',
      code: guestPass.json.code,
      status: 'valid',
      checkedInAt: null,
    });
    const friendPage = await new ApiClient(world.base).call('GET', `/api/passes/${friendPass.json.token}`);
    expect([friendPage.json.attendeeFirstName, friendPage.json.kind]).toEqual(['Frank', 'friend']);
    expect(JSON.stringify(page.json)).not.toMatch(/hostId|@|phone/i);

    // Tonight at the door: the guest and the friend are checked in by their codes.
    await world.dbs.bookings.query(`UPDATE bookings SET booking_date = $2 WHERE id = $1`, [bookingId, nightOf()]);
    const atDoor = await club.owner.api.call('POST', '/api/door/check-in', {
      venueId: club.club,
      code: guestPass.json.code,
    });
    expect(atDoor.status).toBe(200);
    expect(atDoor.json).toMatchObject({ status: 'checked-in', attendeeName: 'Gina', kind: 'guest', bookingId });
    const friendAtDoor = await club.owner.api.call('POST', '/api/door/check-in', {
      venueId: club.club,
      code: friendPass.json.code,
    });
    expect([friendAtDoor.status, friendAtDoor.json?.attendeeName]).toEqual([200, 'Frank Ocean']);
    expect(await checkedInAt(mine.json.code)).toBeNull();
  });

  it('a forged or tampered token is not found, on the pass page and at the door', async () => {
    const club = await world.bookableClub('Forge City');
    const { host, bookingId } = await tonight(club);
    const { token } = (await host.api.call('GET', `/api/bookings/${bookingId}/pass`)).json as { token: string };
    const [payload, signature] = token.split('.') as [string, string];
    // The same payload naming the host as a guest, with the host's signature; and a signature made up.
    const bytes = Buffer.from(payload, 'base64url');
    bytes[17] = 1; // the kind: guest instead of host
    const payloadAsGuest = bytes.toString('base64url');
    const forged = [`${payloadAsGuest}.${signature}`, `${payload}.${'A'.repeat(43)}`, `${payload}x.${signature}`];
    for (const f of forged) {
      const r = await new ApiClient(world.base).call('GET', `/api/passes/${f}`);
      expect([r.status, r.json?.message]).toEqual([404, 'Pass not found']);
      const door = await club.owner.api.call('POST', '/api/door/check-in', { venueId: club.club, token: f });
      expect([door.status, door.json?.message]).toEqual([404, 'Pass not found']);
    }
    expect((await new ApiClient(world.base).call('GET', '/api/passes/not-a-token')).status).toBe(404);
    const typed = await club.owner.api.call('POST', '/api/door/check-in', { venueId: club.club, code: 'XXXX-XXXX' });
    expect([typed.status, typed.json?.message]).toEqual([404, 'Pass not found']);
  });
});

describe('POST /api/door/check-in', () => {
  it('the owner checks a pass in by its typed code once; the second scan says it was already checked in, and when', async () => {
    const club = await world.bookableClub('Door City');
    const { host, bookingId } = await tonight(club, '21:00', 'Hana');
    const pass = (await host.api.call('GET', `/api/bookings/${bookingId}/pass`)).json as {
      code: string;
      token: string;
    };
    const typed = `${pass.code.slice(0, 4).toLowerCase()}-${pass.code.slice(4)}`;
    const first = await club.owner.api.call('POST', '/api/door/check-in', { venueId: club.club, code: typed });
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({
      status: 'checked-in',
      attendeeName: 'Hana',
      kind: 'host',
      bookingId,
      startTime: '21:00',
    });
    expect(await checkedInAt(pass.code)).not.toBeNull();

    const second = await club.owner.api.call('POST', '/api/door/check-in', {
      venueId: club.club,
      token: `https://luxe.example/pass/${pass.token}`,
    });
    expect(second.status).toBe(409);
    expect(second.json.code).toBe('PASS.ALREADY_CHECKED_IN');
    expect(second.json.message).toMatch(/^Already checked in at \d{1,2}:\d{2} (AM|PM)$/);
    const page = await new ApiClient(world.base).call('GET', `/api/passes/${pass.token}`);
    expect([page.json.status, page.json.checkedInAt]).toEqual(['checked-in', first.json.checkedInAt]);
  });

  it('parallel scans of one pass check it in exactly once', async () => {
    const club = await world.bookableClub('Rush City');
    const { host, bookingId } = await tonight(club);
    const pass = (await host.api.call('GET', `/api/bookings/${bookingId}/pass`)).json as {
      code: string;
      token: string;
    };
    const scans = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        club.owner.api.call(
          'POST',
          '/api/door/check-in',
          i % 2 ? { venueId: club.club, code: pass.code } : { venueId: club.club, token: pass.token },
        ),
      ),
    );
    expect(scans.map((s) => s.status).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    expect(
      (
        await world.dbs.bookings.query(
          `SELECT count(*)::int AS n FROM passes WHERE booking_id = $1 AND checked_in_at IS NOT NULL`,
          [bookingId],
        )
      ).rows[0].n,
    ).toBe(1);
  });

  it("another venue's owner is refused at this venue, and this venue's pass is refused at his; nothing changes", async () => {
    const club = await world.bookableClub('Here City');
    const other = await world.bookableClub('There City');
    const { host, bookingId } = await tonight(club);
    const pass = (await host.api.call('GET', `/api/bookings/${bookingId}/pass`)).json as {
      code: string;
      token: string;
    };

    const notHis = await other.owner.api.call('POST', '/api/door/check-in', { venueId: club.club, code: pass.code });
    expect([notHis.status, notHis.json?.message]).toEqual([
      403,
      "Only this venue's owner and door staff can check guests in here",
    ]);
    const elsewhere = await other.owner.api.call('POST', '/api/door/check-in', {
      venueId: other.club,
      code: pass.code,
    });
    expect([elsewhere.status, elsewhere.json?.message]).toEqual([422, 'This pass is for another venue']);
    const elsewhereByToken = await other.owner.api.call('POST', '/api/door/check-in', {
      venueId: other.club,
      token: pass.token,
    });
    expect([elsewhereByToken.status, elsewhereByToken.json?.message]).toEqual([422, 'This pass is for another venue']);
    // A host (not an owner, not door staff) is refused.
    expect((await host.api.call('POST', '/api/door/check-in', { venueId: club.club, code: pass.code })).status).toBe(
      403,
    );
    expect(await checkedInAt(pass.code)).toBeNull();
    // The right owner still checks it in.
    expect(
      (await club.owner.api.call('POST', '/api/door/check-in', { venueId: club.club, code: pass.code })).status,
    ).toBe(200);
  });

  it('a pass for another night, and a pass of a cancelled booking, are refused', async () => {
    const club = await world.bookableClub('Later City');
    const host = await world.account('host', 'Lara');
    await world.has('bookings', 'member_cards', 'user_id', host.id);
    const later = await host.api.call('POST', '/api/bookings', {
      venueId: club.club,
      sectionId: club.section,
      bookingDate: nyDate(3),
      startTime: '22:00',
      duration: 2,
    });
    expect(later.status).toBe(201);
    const pass = (await host.api.call('GET', `/api/bookings/${later.json.id}/pass`)).json as { code: string };
    const r = await club.owner.api.call('POST', '/api/door/check-in', { venueId: club.club, code: pass.code });
    expect([r.status, r.json?.message]).toEqual([422, 'This pass is for another date']);
    expect(await checkedInAt(pass.code)).toBeNull();

    const { host: h2, bookingId } = await tonight(club, '20:00');
    const p2 = (await h2.api.call('GET', `/api/bookings/${bookingId}/pass`)).json as { code: string; token: string };
    await world.dbs.bookings.query(`UPDATE bookings SET status = 'cancelled' WHERE id = $1`, [bookingId]);
    const cancelled = await club.owner.api.call('POST', '/api/door/check-in', { venueId: club.club, code: p2.code });
    expect([cancelled.status, cancelled.json?.message]).toEqual([422, 'This booking was cancelled']);
    expect((await new ApiClient(world.base).call('GET', `/api/passes/${p2.token}`)).json.status).toBe('cancelled');
    expect(await checkedInAt(p2.code)).toBeNull();
  });

  it('bad input is refused with a clear message', async () => {
    const club = await world.bookableClub('Input City');
    const r = await club.owner.api.call('POST', '/api/door/check-in', { venueId: club.club });
    expect([r.status, r.json?.message]).toEqual([400, 'Type the pass code or scan the QR code']);
  });
});

describe('account deletion', () => {
  it("a deleted guest's pass goes, and with a deleted host's bookings go their passes", async () => {
    const club = await world.bookableClub('Erase City');
    const host = await world.account('host', 'Hal');
    await world.has('bookings', 'member_cards', 'user_id', host.id);
    const booked = await host.api.call('POST', '/api/bookings', {
      venueId: club.club,
      sectionId: club.section,
      bookingDate: nyDate(4),
      startTime: '23:00',
      duration: 2,
    });
    expect(booked.status).toBe(201);
    const bookingId = booked.json.id as string;
    await world.has('social', 'event_cards', 'booking_id', bookingId);
    const guest = await world.account('guest', 'Gus');
    await world.has('social', 'member_cards', 'user_id', guest.id);
    const asked = await guest.api.call('POST', '/api/event-join-requests', { bookingId, message: 'Count me in!' });
    expect((await host.api.call('POST', `/api/event-join-requests/${asked.json.id}/approve`)).status).toBe(200);
    await world.has('bookings', 'booking_attendees', 'user_id', guest.id);
    expect((await guest.api.call('GET', `/api/bookings/${bookingId}/pass`)).status).toBe(200);
    expect((await host.api.call('GET', `/api/bookings/${bookingId}/pass`)).status).toBe(200);
    const passesOf = async () =>
      (
        await world.dbs.bookings.query(
          `SELECT attendee_kind FROM passes WHERE booking_id = $1 ORDER BY attendee_kind`,
          [bookingId],
        )
      ).rows.map((r) => r.attendee_kind as string);
    expect(await passesOf()).toEqual(['guest', 'host']);

    expect((await guest.api.call('DELETE', `/api/users/${guest.id}`)).status).toBe(204);
    await waitFor("the guest's pass is erased", async () => (await passesOf()).length === 1);
    expect(await passesOf()).toEqual(['host']);
    expect((await host.api.call('DELETE', `/api/users/${host.id}`)).status).toBe(204);
    await waitFor("the host's passes are erased", async () => (await passesOf()).length === 0);
  });
});

describe('door staff (issue 31.2.18)', () => {
  const emailOf = async (m: { api: ApiClient }) => (await m.api.call('GET', '/api/auth/me')).json.email as string;

  it('the owner makes a member door staff by email; he checks guests in at that venue only, and nothing else of the dashboard; removed, he cannot', async () => {
    const club = await world.bookableClub('Door City');
    const other = await world.bookableClub('Other Door City');
    const { host, bookingId } = await tonight(club);
    const pass = (await host.api.call('GET', `/api/bookings/${bookingId}/pass`)).json as {
      code: string;
      token: string;
    };
    const staff = await world.account('guest', 'Dora');
    await world.has('bookings', 'member_cards', 'user_id', staff.id);
    const email = await emailOf(staff);

    // Before: the member is refused at the door, and has no door venue.
    const before = await staff.api.call('POST', '/api/door/check-in', { venueId: club.club, code: pass.code });
    expect([before.status, before.json?.message]).toEqual([
      403,
      "Only this venue's owner and door staff can check guests in here",
    ]);
    expect((await staff.api.call('GET', '/api/door/venues')).json).toEqual([]);

    // Bad input, unknown accounts, the owner himself and other owners are refused, and change nothing.
    const bad = await club.owner.api.call('POST', `/api/door/venues/${club.club}/staff`, { email: 'not-an-email' });
    expect([bad.status, bad.json?.message]).toEqual([400, 'Please enter a valid email address']);
    const unknown = await club.owner.api.call('POST', `/api/door/venues/${club.club}/staff`, {
      email: 'nobody-here@example.com',
    });
    expect([unknown.status, unknown.json?.message]).toEqual([404, 'No account with this email']);
    const self = await club.owner.api.call('POST', `/api/door/venues/${club.club}/staff`, {
      email: await emailOf(club.owner),
    });
    expect([self.status, self.json?.message]).toEqual([422, 'You own this venue already']);
    const notHis = await other.owner.api.call('POST', `/api/door/venues/${club.club}/staff`, { email });
    expect([notHis.status, notHis.json?.message]).toEqual([
      403,
      "Only this venue's owner and door staff can check guests in here",
    ]);
    expect((await staff.api.call('POST', `/api/door/venues/${club.club}/staff`, { email })).status).toBe(403);
    expect(
      (await world.dbs.bookings.query(`SELECT count(*)::int AS n FROM door_staff WHERE venue_id = $1`, [club.club]))
        .rows[0].n,
    ).toBe(0);

    // Added (the email's case does not matter); once only.
    const added = await club.owner.api.call('POST', `/api/door/venues/${club.club}/staff`, {
      email: `  ${email.toUpperCase()} `,
    });
    expect(added.status).toBe(201);
    expect(added.json).toMatchObject({ venueId: club.club, userId: staff.id, firstName: 'Dora', email });
    const again = await club.owner.api.call('POST', `/api/door/venues/${club.club}/staff`, { email });
    expect([again.status, again.json?.message]).toEqual([409, 'Already door staff at this venue']);
    expect((await club.owner.api.call('GET', `/api/door/venues/${club.club}/staff`)).json).toEqual([added.json]);
    expect((await other.owner.api.call('GET', `/api/door/venues/${club.club}/staff`)).status).toBe(403);
    expect((await staff.api.call('GET', `/api/door/venues/${club.club}/staff`)).status).toBe(403);
    expect((await staff.api.call('GET', '/api/door/venues')).json).toEqual([
      { venueId: club.club, name: 'Velvet', city: 'Door City', role: 'staff' },
    ]);
    expect((await club.owner.api.call('GET', '/api/door/venues')).json).toEqual([
      { venueId: club.club, name: 'Velvet', city: 'Door City', role: 'owner' },
    ]);

    // The staff member checks in at this venue; at another venue he is refused.
    const elsewhere = await staff.api.call('POST', '/api/door/check-in', { venueId: other.club, code: pass.code });
    expect(elsewhere.status).toBe(403);
    const checked = await staff.api.call('POST', '/api/door/check-in', { venueId: club.club, code: pass.code });
    expect([checked.status, checked.json?.status, checked.json?.attendeeName]).toEqual([200, 'checked-in', 'Hugo']);
    expect(await checkedInAt(pass.code)).not.toBeNull();
    // Nothing else of the dashboard: the venue's bookings, its sections, its staff lists.
    expect((await staff.api.call('GET', '/api/venue-owner-bookings')).status).toBe(403);
    expect(
      (
        await staff.api.call('POST', `/api/venues/${club.club}/sections`, {
          name: 'Door',
          type: 'Table',
          capacity: 4,
          pricePerHour: 100,
        })
      ).status,
    ).toBe(403);
    expect((await staff.api.call('GET', `/api/venues/${club.club}/bartenders`)).status).toBe(403);

    // Removed: refused again; removing twice is not found.
    expect((await other.owner.api.call('DELETE', `/api/door/venues/${club.club}/staff/${staff.id}`)).status).toBe(403);
    expect((await club.owner.api.call('DELETE', `/api/door/venues/${club.club}/staff/${staff.id}`)).status).toBe(204);
    const gone = await club.owner.api.call('DELETE', `/api/door/venues/${club.club}/staff/${staff.id}`);
    expect([gone.status, gone.json?.message]).toEqual([404, 'Door staff member not found']);
    const second = await tonight(club, '20:00', 'Ivo');
    const code = (await second.host.api.call('GET', `/api/bookings/${second.bookingId}/pass`)).json.code as string;
    expect((await staff.api.call('POST', '/api/door/check-in', { venueId: club.club, code })).status).toBe(403);
    expect(await checkedInAt(code)).toBeNull();
    expect((await staff.api.call('GET', '/api/door/venues')).json).toEqual([]);
  });
});
