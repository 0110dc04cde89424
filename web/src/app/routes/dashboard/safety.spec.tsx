import { waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { SAFETY_MESSAGES, type Conversation, type Message } from '@luxe/contracts';
import { makeAvailableEvent, makeHost, mockAvailableEvents } from '../../../testing/available-events';
import { axeViolations } from '../../../testing/axe';
import { makeUser, signIn } from '../../../testing/fixtures';
import { findToast, renderApp, screen, within } from '../../../testing/render-app';
import { server } from '../../../testing/server';

const me = makeUser({ userType: 'guest', city: 'Miami, FL', state: 'Florida', profileImages: ['/img/ava.jpg'] });
const C1 = '11111111-1111-4111-8111-111111111111';
const C2 = '22222222-2222-4222-8222-222222222222';
const LENA = '33333333-3333-4333-8333-333333333333';
const MARCO = '55555555-5555-4555-8555-555555555555';

function conversation(id: string, other: Conversation['otherUser']): Conversation {
  return {
    id,
    hostId: other.id,
    guestId: me.id,
    bookingId: null,
    lastMessageAt: '2025-06-06T02:00:00.000Z',
    createdAt: '2025-06-01T00:00:00.000Z',
    unreadCount: 0,
    viewerRole: 'guest',
    otherUser: other,
    event: null,
    lastMessage: null,
  };
}
const lenaChat = conversation(C1, { id: LENA, firstName: 'Lena', lastName: 'Voss', profileImages: [] });
const marcoChat = conversation(C2, { id: MARCO, firstName: 'Marco', lastName: 'Bell', profileImages: [] });

let seq = 0;
function message(senderId: string, content: string): Message {
  seq += 1;
  return {
    id: `44444444-4444-4444-8444-${String(seq).padStart(12, '0')}`,
    conversationId: C1,
    senderId,
    content,
    read: true,
    createdAt: '2025-06-06T01:00:00.000Z',
  };
}
const fromLena = message(LENA, 'Are we still on?');
const mine = message(me.id, 'Yes, 10 PM.');
const fromLena2 = message(LENA, 'Great');

interface Posted {
  path: string;
  body: unknown;
}

/**
 * The member's conversations (blocked members' left out), one thread, and the safety calls: each
 * POST answers `answer(path)` when given, else success; records paths and bodies.
 */
function mockSafetyServer(
  opts: { answer?: (path: string) => Response | undefined | Promise<Response | undefined> } = {},
) {
  const state = { blocked: [] as string[], posts: [] as Posted[], listReads: 0 };
  const record = async (request: Request) => {
    const path = new URL(request.url).pathname;
    const body = await request.json();
    state.posts.push({ path, body });
    return { path, body };
  };
  server.use(
    http.get('/api/conversations/:id', () => {
      state.listReads += 1;
      return HttpResponse.json([lenaChat, marcoChat].filter((c) => !state.blocked.includes(c.otherUser.id)));
    }),
    http.get('/api/conversations/:id/messages', ({ params }) =>
      HttpResponse.json(params.id === C1 ? [fromLena, mine, fromLena2] : []),
    ),
    http.post('/api/conversations/:id/messages/:messageId/report', async ({ request }) => {
      const { path } = await record(request);
      return (await opts.answer?.(path)) ?? HttpResponse.json({}, { status: 201 });
    }),
    http.post('/api/users/:userId/report', async ({ request }) => {
      const { path } = await record(request);
      return (await opts.answer?.(path)) ?? HttpResponse.json({}, { status: 201 });
    }),
    http.post('/api/blocks', async ({ request }) => {
      const { path, body } = await record(request);
      const answer = await opts.answer?.(path);
      if (answer) return answer;
      state.blocked.push((body as { userId: string }).userId);
      return HttpResponse.json({}, { status: 201 });
    }),
  );
  return state;
}

async function openLenaThread(options: Parameters<typeof renderApp>[1] = {}) {
  const app = renderApp('/dashboard?tab=messages', options);
  await app.user.click(await screen.findByRole('button', { name: /Lena Voss/ }));
  const thread = await screen.findByRole('region', { name: 'Messages with Lena Voss' });
  await within(thread).findAllByTestId('message');
  return { ...app, thread };
}

describe('Safety in the Messages tab', () => {
  it("puts 'Report message from Lena' on Lena's messages only, never on one's own", async () => {
    await signIn(me);
    mockSafetyServer();
    const { thread } = await openLenaThread();
    const items = within(thread).getAllByTestId('message');
    const reportable = items.map((i) => within(i).queryByRole('button', { name: 'Report message from Lena' }) !== null);
    expect(reportable).toEqual([true, false, true]);
    expect(within(thread).getAllByRole('button', { name: /^Report message/ })).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Report Lena' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Block Lena' })).toBeInTheDocument();
  });

  it('the report form wants a reason and at most 1000 characters of details before it sends anything', async () => {
    await signIn(me);
    const api = mockSafetyServer();
    const { user, thread } = await openLenaThread();
    await user.click(within(thread).getAllByRole('button', { name: 'Report message from Lena' })[0]!);
    const dialog = screen.getByRole('dialog', { name: 'Report message' });
    const reason = within(dialog).getByRole('combobox', { name: 'Reason' });
    expect(
      within(reason)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a reason', 'Spam', 'Harassment', 'Inappropriate content', 'Fake profile', 'Underage', 'Other']);

    await user.click(within(dialog).getByRole('button', { name: 'Report' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(/^Please choose a reason$/);
    expect(reason).toHaveAttribute('aria-invalid', 'true');

    await user.selectOptions(reason, 'Harassment');
    const details = within(dialog).getByRole('textbox', { name: 'Details (optional)' });
    await user.click(details);
    await user.paste('x'.repeat(1001));
    expect(within(dialog).getByTestId('report-details-count')).toHaveTextContent(/^1001\/1000$/);
    await user.click(within(dialog).getByRole('button', { name: 'Report' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(/^Details must be at most 1000 characters$/);
    expect(api.posts).toEqual([]);
  });

  it("reports a message: 'Reporting...' while it goes, then 'Report Sent' and the dialog closes", async () => {
    await signIn(me);
    const api = mockSafetyServer({
      answer: async () => {
        await delay(60);
        return undefined;
      },
    });
    const { user, thread } = await openLenaThread();
    const button = within(thread).getAllByRole('button', { name: 'Report message from Lena' })[1]!;
    await user.click(button);
    const dialog = screen.getByRole('dialog', { name: 'Report message' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Reason' }), 'Spam');
    await user.type(within(dialog).getByRole('textbox', { name: 'Details (optional)' }), '  Links to a scam  ');
    expect(within(dialog).getByTestId('report-details-count')).toHaveTextContent(/^19\/1000$/);
    await user.click(within(dialog).getByRole('button', { name: 'Report' }));
    expect(await within(dialog).findByRole('button', { name: 'Reporting...' })).toBeDisabled();

    const toast = await findToast();
    expect(toast).toHaveTextContent('Report Sent');
    expect(toast).toHaveTextContent(SAFETY_MESSAGES.reported);
    expect(api.posts).toEqual([
      {
        path: `/api/conversations/${C1}/messages/${fromLena2.id}/report`,
        body: { reason: 'spam', details: 'Links to a scam' },
      },
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it("reports the member from the thread header; a failure shows 'Error' with the server's message and keeps the form", async () => {
    await signIn(me);
    const api = mockSafetyServer({
      answer: () =>
        HttpResponse.json(
          { statusCode: 404, code: 'SOCIAL.USER_NOT_FOUND', message: 'User not found' },
          { status: 404 },
        ),
    });
    const { user } = await openLenaThread();
    await user.click(screen.getByRole('button', { name: 'Report Lena' }));
    const dialog = screen.getByRole('dialog', { name: 'Report Lena' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Reason' }), 'fake-profile');
    await user.click(within(dialog).getByRole('button', { name: 'Report' }));
    const toast = await findToast();
    expect(toast).toHaveTextContent('Error');
    expect(toast).toHaveTextContent('User not found');
    expect(toast).toHaveAttribute('data-variant', 'destructive');
    expect(api.posts).toEqual([{ path: `/api/users/${LENA}/report`, body: { reason: 'fake-profile', details: null } }]);
    expect(screen.getByRole('dialog', { name: 'Report Lena' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Report' })).toBeEnabled();
  });

  it("a report failure without a message says 'Failed to send report'", async () => {
    await signIn(me);
    mockSafetyServer({ answer: () => new HttpResponse(null, { status: 500 }) });
    const { user } = await openLenaThread();
    await user.click(screen.getByRole('button', { name: 'Report Lena' }));
    const dialog = screen.getByRole('dialog', { name: 'Report Lena' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Reason' }), 'other');
    await user.click(within(dialog).getByRole('button', { name: 'Report' }));
    expect(await findToast()).toHaveTextContent('Failed to send report');
  });

  it("Block asks 'Block Lena?'; Cancel sends nothing; confirming blocks, reads the affected lists again and leaves the thread", async () => {
    await signIn(me);
    const api = mockSafetyServer({
      answer: async () => {
        await delay(60);
        return undefined;
      },
    });
    const { user, queryClient } = await openLenaThread();
    // Reads a block changes, already on hand: they must be marked stale (and read again when shown).
    const others = [
      ['available-events', 'miami', 'florida'],
      ['invites', 'received', me.id],
      ['users', 'potential-matches', 'Florida'],
      ['bookings', 'user', me.id],
    ];
    for (const key of others) queryClient.setQueryData(key, []);
    const listReads = api.listReads;

    await user.click(screen.getByRole('button', { name: 'Block Lena' }));
    let confirm = screen.getByRole('alertdialog', { name: 'Block Lena?' });
    expect(confirm).toHaveAccessibleDescription(
      "You and Lena will disappear from each other's decks, discovery, invites and conversations.",
    );
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.posts).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Block Lena' }));
    confirm = screen.getByRole('alertdialog', { name: 'Block Lena?' });
    await user.click(within(confirm).getByRole('button', { name: 'Block' }));
    expect(await within(confirm).findByRole('button', { name: 'Blocking...' })).toBeDisabled();

    expect(await findToast()).toHaveTextContent('Blocked');
    expect(api.posts).toEqual([{ path: '/api/blocks', body: { userId: LENA } }]);
    expect(api.listReads).toBe(listReads + 1);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Messages with Lena Voss' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Lena Voss/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Marco Bell/ })).toHaveFocus();
    const stale = others.map((key) => queryClient.getQueryState(key)?.isInvalidated);
    expect(stale).toEqual([true, true, true, false]);
  });

  it("a failed block shows the server's message, else 'Failed to block', and keeps the thread", async () => {
    await signIn(me);
    let answer: Response = HttpResponse.json(
      { statusCode: 400, code: 'SOCIAL.SAFETY_SELF', message: 'You cannot block or report yourself' },
      { status: 400 },
    );
    const api = mockSafetyServer({ answer: () => answer });
    const { user } = await openLenaThread();
    await user.click(screen.getByRole('button', { name: 'Block Lena' }));
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'Block Lena?' })).getByRole('button', { name: 'Block' }),
    );
    const toast = await findToast();
    expect(toast).toHaveTextContent('You cannot block or report yourself');
    expect(toast).toHaveAttribute('data-variant', 'destructive');
    // Still there, behind the confirmation (hidden from assistive technology while it is open).
    // (A name is not computed inside aria-hidden, so the region is found by its label.)
    expect(screen.getByLabelText('Messages with Lena Voss')).toHaveAttribute('role', 'region');

    answer = new HttpResponse('oops', { status: 502 });
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'Block Lena?' })).getByRole('button', { name: 'Block' }),
    );
    await waitFor(() => expect(api.posts).toHaveLength(2));
    await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent('Failed to block'));
    expect(screen.getByTestId('toast')).not.toHaveTextContent('oops');
    expect(api.listReads).toBe(1);
  });
});

describe('Safety dialogs are accessible', () => {
  it('has no axe violations: the thread with its actions, the report form with an error, the block confirmation', async () => {
    await signIn(me);
    mockSafetyServer();
    const { user, thread } = await openLenaThread();
    expect(await axeViolations()).toEqual([]);
    await user.click(within(thread).getAllByRole('button', { name: 'Report message from Lena' })[0]!);
    await user.click(
      within(screen.getByRole('dialog', { name: 'Report message' })).getByRole('button', { name: 'Report' }),
    );
    expect(await axeViolations()).toEqual([]);
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Block Lena' }));
    expect(await axeViolations()).toEqual([]);
  });
});

describe('Safety in Discover Events (host profile)', () => {
  const rex = makeHost({ firstName: 'Rex', age: 41, bio: 'Owner of the Blue Marlin.' });
  const marlin = makeAvailableEvent({ venueName: 'Blue Marlin', venueType: 'yacht', host: rex });
  const rexAgain = makeAvailableEvent({ venueName: 'Blue Marlin Sunset', venueType: 'yacht', host: rex });
  const velvet = makeAvailableEvent({ venueName: 'Velvet Room' });

  it('blocks the host from his profile: the dialog closes, his events leave the deck and the next one shows', async () => {
    await signIn(me);
    const api = mockSafetyServer();
    const reads = mockAvailableEvents(() => [marlin, rexAgain, velvet].filter((e) => !api.blocked.includes(e.host.id)));
    const { user } = renderApp('/dashboard?tab=events');
    await user.click(await screen.findByRole('button', { name: 'Discover Events' }));
    expect(await screen.findByRole('article')).toHaveAccessibleName('Blue Marlin');

    await user.click(screen.getByRole('button', { name: "View Rex's profile" }));
    const profile = screen.getByRole('dialog', { name: "Rex's profile" });
    expect(within(profile).getByTestId('host-age')).toHaveTextContent(/^41$/);
    await user.click(within(profile).getByRole('button', { name: 'Block Rex' }));
    // The confirmation over the profile takes the keys: Escape closes it alone.
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: "Rex's profile" })).toBeInTheDocument();
    expect(within(profile).getByRole('button', { name: 'Block Rex' })).toHaveFocus();

    await user.click(within(profile).getByRole('button', { name: 'Block Rex' }));
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'Block Rex?' })).getByRole('button', { name: 'Block' }),
    );
    expect(await findToast()).toHaveTextContent('Blocked');
    expect(api.posts).toEqual([{ path: '/api/blocks', body: { userId: rex.id } }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(reads).toHaveLength(2);
    expect(await screen.findByRole('article')).toHaveAccessibleName('Velvet Room');
    expect(screen.getByTestId('event-counter')).toHaveTextContent(/^1 of 1$/);
    expect(screen.getByRole('region', { name: 'Event deck' })).toHaveFocus();
  });

  it("reports the host from his profile with the member's reason", async () => {
    await signIn(me);
    const api = mockSafetyServer();
    mockAvailableEvents(() => [marlin]);
    const { user } = renderApp('/dashboard?tab=events');
    await user.click(await screen.findByRole('button', { name: 'Discover Events' }));
    await user.click(await screen.findByRole('button', { name: "View Rex's profile" }));
    await user.click(
      within(screen.getByRole('dialog', { name: "Rex's profile" })).getByRole('button', { name: 'Report Rex' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Report Rex' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Reason' }), 'Underage');
    await user.click(within(dialog).getByRole('button', { name: 'Report' }));
    expect(await findToast()).toHaveTextContent('Report Sent');
    expect(api.posts).toEqual([{ path: `/api/users/${rex.id}/report`, body: { reason: 'underage', details: null } }]);
    // Back on the profile, which stays open.
    expect(screen.getByRole('dialog', { name: "Rex's profile" })).toBeInTheDocument();
  });
});

describe('Profile tab: Blocked Members', () => {
  const blockOf = (id: string, firstName: string, lastName: string) => ({
    blockedUserId: id,
    createdAt: '2025-06-06T01:00:00.000Z',
    user: {
      id,
      firstName,
      lastName,
      userType: 'host',
      age: null,
      city: 'Miami, FL',
      state: 'Florida',
      bio: null,
      profileImages: [],
    },
  });

  it('lists the blocked members; Unblock calls DELETE /api/blocks/{id}, says so and reads the list again', async () => {
    let blocks = [blockOf(LENA, 'Lena', 'Voss'), blockOf(MARCO, 'Marco', 'Bell')];
    const deleted: string[] = [];
    server.use(
      http.get('/api/blocks', () => HttpResponse.json(blocks)),
      http.delete('/api/blocks/:userId', ({ params }) => {
        deleted.push(String(params.userId));
        blocks = blocks.filter((b) => b.blockedUserId !== params.userId);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    await signIn(me);
    const { user } = renderApp('/dashboard?tab=profile');
    const list = await screen.findByRole('list', { name: 'Blocked members' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Lena VossUnblock', 'Marco BellUnblock']);
    await user.click(within(list).getByRole('button', { name: 'Unblock Lena Voss' }));
    expect(await findToast()).toHaveTextContent(SAFETY_MESSAGES.unblocked);
    expect(deleted).toEqual([LENA]);
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Blocked members' })).getAllByRole('listitem')).toHaveLength(1),
    );
    expect(await axeViolations()).toEqual([]);
  });

  it('shows a skeleton of the list while it loads', async () => {
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get('/api/blocks', async () => {
        await answered;
        return HttpResponse.json([blockOf(LENA, 'Lena', 'Voss')]);
      }),
    );
    await signIn(me);
    renderApp('/dashboard?tab=profile');
    const skeleton = (await screen.findByText('Loading blocked members...')).closest('[role="status"]');
    expect(skeleton).toHaveAttribute('data-testid', 'list-skeleton');
    expect(skeleton).toHaveAttribute('aria-busy', 'true');
    answer();
    expect(await screen.findByRole('list', { name: 'Blocked members' })).toBeInTheDocument();
    expect(screen.queryByText('Loading blocked members...')).not.toBeInTheDocument();
  });

  it("says when nobody is blocked, and shows the server's message when unblocking fails", async () => {
    await signIn(me);
    const first = renderApp('/dashboard?tab=profile');
    expect(await screen.findByText('You have not blocked anyone.')).toBeInTheDocument();
    first.unmount();

    server.use(
      http.get('/api/blocks', () => HttpResponse.json([blockOf(LENA, 'Lena', 'Voss')])),
      http.delete('/api/blocks/:userId', () =>
        HttpResponse.json(
          { statusCode: 503, code: 'SERVER.UNAVAILABLE', message: 'Service temporarily unavailable' },
          { status: 503 },
        ),
      ),
    );
    const { user } = renderApp('/dashboard?tab=profile');
    await user.click(await screen.findByRole('button', { name: 'Unblock Lena Voss' }));
    const toast = await findToast();
    expect(toast).toHaveTextContent('Error');
    expect(toast).toHaveTextContent('Service temporarily unavailable');
  });
});
