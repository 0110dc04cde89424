import { render, waitFor, within as withinElement } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { HostProfileDialog } from '../features/discovery/components/host-profile-dialog';
import { EventCard } from '../features/discovery/components/event-card';
import { makeAvailableEvent, makeHost } from '../testing/available-events';
import { accessibilityViolations } from '../testing/axe';
import { makeUser, signIn } from '../testing/fixtures';
import { makeInvite, makeMember } from '../testing/invites';
import { renderApp, screen, within } from '../testing/render-app';
import { server } from '../testing/server';
import { VerifiedBadge } from './verified-badge';

const noop = () => undefined;

describe('VerifiedBadge', () => {
  it("says 'Verified' in words (the check mark is decoration) when verified, and nothing otherwise", () => {
    const { container, rerender } = render(<VerifiedBadge verified />);
    const badge = screen.getByTestId('verified-badge');
    expect(badge).toHaveTextContent(/^Verified$/);
    expect(badge.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    rerender(<VerifiedBadge verified={false} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<VerifiedBadge verified={undefined} />);
    expect(container).toBeEmptyDOMElement();
  });
});

describe('the Verified badge on member cards (only a verified member has it)', () => {
  it("the host on an event card and in the host's profile", async () => {
    const { unmount } = render(
      <EventCard
        event={makeAvailableEvent({ host: makeHost({ firstName: 'Rex', verified: true }) })}
        onOpenPhoto={noop}
        onViewHost={noop}
      />,
    );
    expect(within(screen.getByTestId('event-card')).getByTestId('verified-badge')).toHaveTextContent('Verified');
    expect(await accessibilityViolations()).toEqual([]);
    unmount();

    render(
      <EventCard
        event={makeAvailableEvent({ host: makeHost({ firstName: 'Sam', verified: false }) })}
        onOpenPhoto={noop}
        onViewHost={noop}
      />,
    );
    expect(within(screen.getByTestId('event-card')).queryByTestId('verified-badge')).not.toBeInTheDocument();

    const verified = render(<HostProfileDialog host={makeHost({ firstName: 'Rex', verified: true })} onClose={noop} />);
    expect(withinElement(verified.baseElement).getByRole('dialog', { name: "Rex's profile" })).toContainElement(
      withinElement(verified.baseElement).getByTestId('verified-badge'),
    );
    verified.unmount();
    const unverified = render(
      <HostProfileDialog host={makeHost({ firstName: 'Sam', verified: false })} onClose={noop} />,
    );
    expect(withinElement(unverified.baseElement).getByRole('dialog', { name: "Sam's profile" })).toBeInTheDocument();
    expect(withinElement(unverified.baseElement).queryByTestId('verified-badge')).not.toBeInTheDocument();
  });

  it("the invite deck's card and View Profile, and the host home's sent invites", async () => {
    await signIn(makeUser({ userType: 'host', firstName: 'Ava' }));
    server.use(
      http.get('/api/invites/received', () =>
        HttpResponse.json([
          makeInvite({ host: { firstName: 'Rex', verified: true } }),
          makeInvite({ host: { firstName: 'Sam', verified: false } }),
        ]),
      ),
      http.get('/api/invites/sent', () =>
        HttpResponse.json([
          makeInvite({ guest: { firstName: 'Mia', verified: true } }),
          makeInvite({ guest: { firstName: 'Noa', verified: false } }),
        ]),
      ),
      http.post('/api/invites/:id/respond', ({ params }) =>
        HttpResponse.json(makeInvite({ id: String(params.id), status: 'declined' })),
      ),
    );
    const { user } = renderApp('/dashboard?tab=invites');
    const card = await screen.findByTestId('swipe-card');
    expect(card).toHaveAccessibleName(/^Rex/);
    expect(within(card).getByTestId('verified-badge')).toHaveTextContent('Verified');
    expect(await accessibilityViolations()).toEqual([]);
    await user.click(within(card).getByRole('button', { name: /^View Profile/ }));
    expect(
      within(await screen.findByRole('dialog', { name: "Rex's Profile" })).getByTestId('verified-badge'),
    ).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Decline invite from Rex' }));
    await waitForCard('Sam');
    expect(within(screen.getByTestId('swipe-card')).queryByTestId('verified-badge')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Home' }));
    const sent = await screen.findByRole('list', { name: 'Invites you sent' });
    const [mia, noa] = within(sent).getAllByTestId('recent-invite');
    expect(mia).toHaveTextContent('You invited Mia');
    expect(within(mia).getByTestId('verified-badge')).toBeInTheDocument();
    expect(within(noa).queryByTestId('verified-badge')).not.toBeInTheDocument();
  });

  it("the Profile tab's blocked members", async () => {
    await signIn(makeUser());
    const blocked = (firstName: string, verified: boolean) => {
      const user = makeMember({ firstName, lastName: 'Doe', verified });
      return { blockedUserId: user.id, createdAt: '2026-01-01T00:00:00.000Z', user };
    };
    server.use(http.get('/api/blocks', () => HttpResponse.json([blocked('Rex', true), blocked('Sam', false)])));
    renderApp('/dashboard?tab=profile');
    const list = await screen.findByRole('list', { name: 'Blocked members' });
    const [rex, sam] = within(list).getAllByRole('listitem');
    expect(rex).toHaveTextContent('Rex Doe');
    expect(within(rex).getByTestId('verified-badge')).toBeInTheDocument();
    expect(within(rex).getByRole('button', { name: 'Unblock Rex Doe' })).toBeInTheDocument();
    expect(within(sam).queryByTestId('verified-badge')).not.toBeInTheDocument();
  });
});

async function waitForCard(firstName: string) {
  await waitFor(() => expect(screen.getByTestId('swipe-card')).toHaveAccessibleName(new RegExp(`^${firstName}`)));
}
