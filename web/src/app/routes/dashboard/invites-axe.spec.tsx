import axe from 'axe-core';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeBooking } from '../../../testing/bookings';
import { makeUser, signIn } from '../../../testing/fixtures';
import { makeInvite, makeMember } from '../../../testing/invites';
import { renderApp, screen } from '../../../testing/render-app';
import { server } from '../../../testing/server';

/**
 * axe-core (WCAG 2.2 AA rules) on the rendered screen, one line per violation. Colour contrast
 * needs a real layout and is left to the browser journeys.
 */
async function violations(): Promise<string[]> {
  const result = await axe.run(document.body, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
    rules: { 'color-contrast': { enabled: false } },
    resultTypes: ['violations'],
  });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('Invites tab and homes: axe', () => {
  it('finds nothing on the received deck, View Profile, the send deck, the finished deck and the host home', async () => {
    await signIn(makeUser({ userType: 'host', firstName: 'Ava', profileImages: ['/img/ava.jpg'] }));
    server.use(
      http.get('/api/invites/received', () =>
        HttpResponse.json([
          makeInvite({
            friendCount: 2,
            friends: [{ id: 'aaaaaaaa-0000-4000-8000-000000000001', firstName: 'Nina', image: null }],
          }),
        ]),
      ),
      http.get('/api/invites/sent', () => HttpResponse.json([makeInvite({ guest: { firstName: 'Mia' } })])),
      http.get('/api/users/potential-matches', () =>
        HttpResponse.json([makeMember({ firstName: 'Noa', profileImages: [] }), makeMember({ firstName: 'Lia' })]),
      ),
      http.get('/api/bookings/host', () => HttpResponse.json([makeBooking()])),
      http.post('/api/swipe', () => HttpResponse.json({ action: 'pass', match: false })),
    );
    const { user } = renderApp('/dashboard?tab=invites');
    await screen.findByTestId('swipe-card');
    expect(await violations()).toEqual([]);

    await user.click(screen.getByRole('button', { name: /^View Profile/ }));
    await screen.findByRole('dialog');
    expect(await violations()).toEqual([]);
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Send Invites' }));
    await screen.findByRole('combobox', { name: 'Invite to' });
    await screen.findByTestId('swipe-card');
    expect(await violations()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Pass on Noa' }));
    await user.click(screen.getByRole('button', { name: 'Pass on Lia' }));
    await screen.findByRole('heading', { name: "That's Everyone!" });
    expect(await violations()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Home' }));
    await screen.findByText('You invited Mia');
    expect(await violations()).toEqual([]);
  });
});
