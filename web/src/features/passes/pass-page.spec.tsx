import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { PassView } from '@luxe/contracts';
import { axeViolations } from '../../testing/axe';
import { makeUser, signIn } from '../../testing/fixtures';
import { renderApp, screen } from '../../testing/render-app';
import { server } from '../../testing/server';

const TOKEN = `${'A'.repeat(46)}.${'b'.repeat(43)}`;
const view: PassView = {
  venueName: 'Velvet Room',
  venueCity: 'Miami',
  sectionType: 'VIP Table',
  bookingDate: '2099-06-06',
  startTime: '22:00',
  endTime: '01:00',
  attendeeFirstName: 'Gina',
  kind: 'guest',
  code: 'HK4M7QTX',
  status: 'valid',
  checkedInAt: null,
};

describe('/pass/:token', () => {
  it("shows the pass's QR code, door code, venue, night and name", async () => {
    server.use(
      http.get('/api/passes/:token', ({ params }) =>
        params.token === TOKEN
          ? HttpResponse.json(view)
          : HttpResponse.json({ message: 'Pass not found' }, { status: 404 }),
      ),
    );
    renderApp(`/pass/${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Velvet Room' })).toBeInTheDocument();
    const qr = await screen.findByRole('img', { name: "QR code of Gina's pass for Velvet Room" });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(decodeURIComponent(qr.getAttribute('src')!)).toContain('<svg');
    expect(screen.getByTestId('pass-code')).toHaveTextContent(/^HK4M-7QTX$/);
    expect(screen.getByTestId('pass-name')).toHaveTextContent(/^Gina$/);
    expect(screen.getByTestId('pass-kind')).toHaveTextContent(/^Guest$/);
    expect(screen.getByTestId('pass-date')).toHaveTextContent(/^Saturday, Jun 06, 2099$/);
    expect(screen.getByTestId('pass-time')).toHaveTextContent(/^10:00 PM - 1:00 AM EST$/);
    expect(await axeViolations()).toEqual([]);
  });

  it('says when the pass was used, and when the booking was cancelled (no QR code then)', async () => {
    let answer: PassView = { ...view, status: 'checked-in', checkedInAt: '2099-06-07T02:42:00.000Z' };
    server.use(http.get('/api/passes/:token', () => HttpResponse.json(answer)));
    const first = renderApp(`/pass/${TOKEN}`);
    expect(await screen.findByTestId('pass-status')).toHaveTextContent('Already checked in at 10:42 PM');
    first.unmount();
    answer = { ...view, status: 'cancelled' };
    renderApp(`/pass/${TOKEN}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('This booking was cancelled');
    expect(screen.queryByRole('img', { name: /QR code/ })).not.toBeInTheDocument();
  });

  it('a forged pass link says the pass was not found', async () => {
    server.use(
      http.get('/api/passes/:token', () =>
        HttpResponse.json({ statusCode: 404, code: 'PASS.NOT_FOUND', message: 'Pass not found' }, { status: 404 }),
      ),
    );
    renderApp(`/pass/${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Pass not found' })).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });
});

describe('/bookings/:bookingId/pass (Show pass)', () => {
  const BOOKING = '44444444-4444-4444-8444-444444444444';

  it("opens the signed-in attendee's pass page", async () => {
    await signIn(makeUser({ userType: 'host' }));
    server.use(
      http.get('/api/bookings/:id/pass', () =>
        HttpResponse.json({ token: TOKEN, code: 'HK4M7QTX', url: `/pass/${TOKEN}` }),
      ),
      http.get('/api/passes/:token', () => HttpResponse.json(view)),
    );
    const { location } = renderApp(`/bookings/${BOOKING}/pass`);
    expect(await screen.findByRole('heading', { name: 'Velvet Room' })).toBeInTheDocument();
    expect(location()).toBe(`/pass/${TOKEN}`);
  });

  it('says why when the member has no pass for the booking', async () => {
    await signIn(makeUser({ userType: 'guest' }));
    server.use(
      http.get('/api/bookings/:id/pass', () =>
        HttpResponse.json(
          {
            statusCode: 404,
            code: 'PASS.NOT_ATTENDEE',
            message: 'Only the host and the guests of this booking have a pass',
          },
          { status: 404 },
        ),
      ),
    );
    renderApp(`/bookings/${BOOKING}/pass`);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Only the host and the guests of this booking have a pass',
    );
    expect(await axeViolations()).toEqual([]);
  });
});
