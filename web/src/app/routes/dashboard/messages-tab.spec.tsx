import { act, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAGE_LIMITS, type Conversation, type Message } from '@luxe/contracts';
import { refreshConversation } from '../../../features/messages/api/conversations';
import { accessibilityViolations } from '../../../testing/axe';
import { makeUser, signIn } from '../../../testing/fixtures';
import { renderApp, screen, within } from '../../../testing/render-app';
import { pageAnswer, stubIntersectionObserver } from '../../../testing/pages';
import { realtime, server } from '../../../testing/server';
import { createFastRetryQueryClient } from '../../../testing/venues';

const host = makeUser({ userType: 'host', profileImages: ['/img/ava.jpg'] });
const guestUser = makeUser({
  id: '0b6e3c1d-4f2a-4e8b-9c7d-1a2b3c4d5e6f',
  firstName: 'Noah',
  lastName: 'Reyes',
  userType: 'guest',
  profileImages: ['/img/noah.jpg'],
});

const C1 = '11111111-1111-4111-8111-111111111111';
const C2 = '22222222-2222-4222-8222-222222222222';
const OTHER = '33333333-3333-4333-8333-333333333333';

function makeConversation(overrides: Partial<Conversation> = {}): Conversation {
  return {
    id: C1,
    hostId: host.id,
    guestId: OTHER,
    bookingId: null,
    lastMessageAt: '2025-06-06T02:00:00.000Z',
    createdAt: '2025-06-01T00:00:00.000Z',
    unreadCount: 0,
    viewerRole: 'host',
    otherUser: { id: OTHER, firstName: 'Lena', lastName: 'Voss', profileImages: [] },
    event: null,
    lastMessage: null,
    ...overrides,
  };
}

let seq = 0;
function makeMessage(overrides: Partial<Message> = {}): Message {
  seq += 1;
  return {
    id: `44444444-4444-4444-8444-${String(seq).padStart(12, '0')}`,
    conversationId: C1,
    senderId: OTHER,
    content: `Message ${seq}`,
    read: false,
    createdAt: '2025-06-06T01:00:00.000Z',
    ...overrides,
  };
}

/**
 * A small messaging server: the member's list, each conversation's thread, and what was asked of
 * it. A thread (oldest first) is answered as the server pages it: `?limit=` of the newest before
 * `?cursor=`, oldest first, the older ones' cursor in X-Next-Cursor; `failThread(cursor)` makes
 * that page a 503. POST /read zeroes the unread count; POST /messages appends (or answers `sendAnswer`).
 */
function mockMessaging(opts: {
  userId?: string;
  conversations: Conversation[];
  threads?: Record<string, Message[]>;
  sendAnswer?: () => Response;
  failThread?: (cursor: string) => boolean;
}) {
  const userId = opts.userId ?? host.id;
  const state = {
    conversations: opts.conversations.map((c) => ({ ...c })),
    threads: { ...(opts.threads ?? {}) } as Record<string, Message[]>,
    listReads: 0,
    threadReads: {} as Record<string, number>,
    /** Each thread page asked for: its limit and cursor ('' for the first page). */
    threadPages: [] as { limit: string; cursor: string }[],
    readCalls: [] as string[],
    sent: [] as unknown[],
  };
  server.use(
    http.get('/api/conversations/:id', ({ params }) => {
      if (params.id !== userId) return HttpResponse.json({ message: 'Only your own conversations' }, { status: 403 });
      state.listReads += 1;
      return HttpResponse.json(state.conversations);
    }),
    http.get('/api/conversations/:id/messages', ({ params, request }) => {
      const id = String(params.id);
      state.threadReads[id] = (state.threadReads[id] ?? 0) + 1;
      const query = new URL(request.url).searchParams;
      const cursor = query.get('cursor') ?? '';
      state.threadPages.push({ limit: query.get('limit') ?? '', cursor });
      if (opts.failThread?.(cursor)) return HttpResponse.json({ message: 'down' }, { status: 503 });
      const newestFirst = [...(state.threads[id] ?? [])].reverse();
      return pageAnswer(request, newestFirst, {
        size: Number(query.get('limit')) || newestFirst.length,
        arrange: (items) => items.reverse(),
      });
    }),
    http.post('/api/conversations/:id/read', ({ params }) => {
      const id = String(params.id);
      state.readCalls.push(id);
      state.conversations = state.conversations.map((c) => (c.id === id ? { ...c, unreadCount: 0 } : c));
      return HttpResponse.json({ unreadCount: 0 });
    }),
    http.post('/api/conversations/:id/messages', async ({ params, request }) => {
      const id = String(params.id);
      const body = (await request.json()) as { content: string };
      state.sent.push(body);
      if (opts.sendAnswer) return opts.sendAnswer();
      const message = makeMessage({
        conversationId: id,
        senderId: userId,
        content: body.content,
        read: false,
        createdAt: '2025-06-06T03:30:00.000Z',
      });
      state.threads[id] = [...(state.threads[id] ?? []), message];
      state.conversations = state.conversations.map((c) =>
        c.id === id ? { ...c, lastMessageAt: message.createdAt } : c,
      );
      return HttpResponse.json(message, { status: 201 });
    }),
  );
  return state;
}

/** The live channel's server side: `push` sends to the page once it has connected. */
function liveChannel() {
  const live: { push?: (text: string) => void } = {};
  server.use(
    realtime.addEventListener('connection', ({ client }) => {
      live.push = (t) => client.send(t);
    }),
  );
  return live;
}

const conversationButtons = () =>
  within(screen.getByRole('list', { name: 'Conversations' })).getAllByTestId('conversation');

async function openConversation(user: ReturnType<typeof renderApp>['user'], name: RegExp) {
  await user.click(await screen.findByRole('button', { name }));
  return screen.findByRole('region', { name: /^Messages with/ });
}

describe('dashboard Messages tab', () => {
  it('lists conversations newest first with name, avatar or initial, Guest label for a host, unread badge and New York time', async () => {
    await signIn(host);
    mockMessaging({
      conversations: [
        makeConversation({ id: C1, unreadCount: 3, lastMessageAt: '2025-06-06T02:00:00.000Z' }),
        makeConversation({
          id: C2,
          unreadCount: 0,
          lastMessageAt: '2025-01-10T15:05:00.000Z',
          otherUser: { id: OTHER, firstName: 'Marco', lastName: 'Bell', profileImages: ['/img/marco.jpg'] },
        }),
      ],
    });
    renderApp('/dashboard?tab=messages');
    await screen.findByRole('list', { name: 'Conversations' });
    const [first, second] = conversationButtons();
    const a = within(first!);
    expect(a.getByTestId('conversation-name')).toHaveTextContent(/^Lena Voss$/);
    expect(a.getByTestId('conversation-role')).toHaveTextContent(/^Guest$/);
    expect(a.getByTestId('avatar-initial')).toHaveAttribute('data-initial', 'L');
    expect(a.getByTestId('unread-badge')).toHaveTextContent(/^3$/);
    // 02:00 UTC in June is 10:00 PM the evening before in New York (EDT); January is EST.
    expect(a.getByTestId('conversation-time')).toHaveTextContent(/^Jun 05, 10:00 PM EST$/);
    const b = within(second!);
    expect(b.getByTestId('conversation-name')).toHaveTextContent(/^Marco Bell$/);
    expect(b.queryByTestId('unread-badge')).not.toBeInTheDocument();
    expect(b.queryByTestId('avatar-initial')).not.toBeInTheDocument();
    expect(second!.querySelector('img')).toHaveAttribute('src', '/img/marco.jpg');
    expect(b.getByTestId('conversation-time')).toHaveTextContent(/^Jan 10, 10:05 AM EST$/);
    // The name is the visible text (WCAG 2.5.3 Label in Name), with words for assistive technology.
    expect(first).toHaveAccessibleName('Lena Voss, Guest, Jun 05, 10:00 PM EST, 3 unread');
  });

  it('tells apart two conversations with the same host: each names its event and shows its last message (issue 31.2.6)', async () => {
    await signIn(guestUser);
    const hugo = { id: OTHER, firstName: 'Hugo', lastName: 'Host', profileImages: [] };
    mockMessaging({
      userId: guestUser.id,
      conversations: [
        makeConversation({
          id: C1,
          viewerRole: 'guest',
          guestId: guestUser.id,
          hostId: OTHER,
          otherUser: hugo,
          event: { title: 'Rooftop birthday', date: '2026-11-28' },
          lastMessage: { senderId: OTHER, content: 'See you at the rooftop', createdAt: '2025-06-06T02:00:00.000Z' },
        }),
        makeConversation({
          id: C2,
          viewerRole: 'guest',
          guestId: guestUser.id,
          hostId: OTHER,
          otherUser: hugo,
          event: { title: 'Velvet', date: '2026-12-05' },
          lastMessage: { senderId: guestUser.id, content: 'On my way', createdAt: '2025-06-05T02:00:00.000Z' },
        }),
      ],
    });
    renderApp('/dashboard?tab=messages');
    await screen.findByRole('list', { name: 'Conversations' });
    const [first, second] = conversationButtons();
    expect(within(first!).getByTestId('conversation-event')).toHaveTextContent(/^Rooftop birthday · Sat, Nov 28$/);
    expect(within(first!).getByTestId('conversation-preview')).toHaveTextContent(/^See you at the rooftop$/);
    expect(within(second!).getByTestId('conversation-event')).toHaveTextContent(/^Velvet · Sat, Dec 5$/);
    expect(within(second!).getByTestId('conversation-preview')).toHaveTextContent(/^You: On my way$/);
    expect(first).toHaveAccessibleName(
      'Hugo Host, Host, Rooftop birthday · Sat, Nov 28, See you at the rooftop, Jun 05, 10:00 PM EST',
    );
    expect(first!).not.toHaveAccessibleName(second!.getAttribute('aria-label')!);
  });

  it('labels the other party Host for a guest viewer and lists only the signed-in user’s own conversations', async () => {
    await signIn(guestUser);
    mockMessaging({
      userId: guestUser.id,
      conversations: [makeConversation({ viewerRole: 'guest', guestId: guestUser.id, hostId: OTHER })],
    });
    renderApp('/dashboard?tab=messages');
    await screen.findByRole('list', { name: 'Conversations' });
    expect(within(conversationButtons()[0]!).getByTestId('conversation-role')).toHaveTextContent(/^Host$/);
  });

  it("shows 'No Messages Yet' when there is no conversation", async () => {
    await signIn(host);
    mockMessaging({ conversations: [] });
    renderApp('/dashboard?tab=messages');
    expect(await screen.findByRole('heading', { name: 'No Messages Yet' })).toBeInTheDocument();
    expect(screen.getByText(/appear here after you accept an invite or a join request/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Select a Conversation' })).not.toBeInTheDocument();
  });

  it("asks to 'Select a Conversation' until one is opened; an empty thread invites to start", async () => {
    await signIn(host);
    mockMessaging({ conversations: [makeConversation()], threads: { [C1]: [] } });
    const { user } = renderApp('/dashboard?tab=messages');
    expect(await screen.findByRole('heading', { name: 'Select a Conversation' })).toBeInTheDocument();
    const thread = await openConversation(user, /Lena Voss/);
    expect(await within(thread).findByText('No messages yet. Start the conversation!')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Select a Conversation' })).not.toBeInTheDocument();
  });

  it("shows the skeleton of the thread's messages while they load, named for assistive technology (issue 31)", async () => {
    await signIn(host);
    mockMessaging({ conversations: [makeConversation()], threads: { [C1]: [makeMessage({ content: 'Arrived' })] } });
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get('/api/conversations/:id/messages', async () => {
        await answered;
        return HttpResponse.json([makeMessage({ content: 'Arrived' })]);
      }),
    );
    const { user } = renderApp('/dashboard?tab=messages');
    const thread = await openConversation(user, /Lena Voss/);
    const skeleton = (await within(thread).findByText('Loading messages...')).closest('[role="status"]');
    expect(skeleton).toHaveAttribute('data-testid', 'list-skeleton');
    expect(skeleton).toHaveAttribute('aria-busy', 'true');
    answer();
    expect(await within(thread).findByText('Arrived')).toBeInTheDocument();
    expect(within(thread).queryByTestId('list-skeleton')).not.toBeInTheDocument();
  });

  it('shows the thread oldest first as sent, own messages on the right, with New York times', async () => {
    await signIn(host);
    mockMessaging({
      conversations: [makeConversation()],
      threads: {
        [C1]: [
          makeMessage({ content: 'Are we still on for Friday?', createdAt: '2025-06-06T01:00:00.000Z' }),
          makeMessage({
            senderId: host.id,
            content: 'Yes, 10 PM at the marina.',
            createdAt: '2025-06-06T01:05:00.000Z',
          }),
          makeMessage({ content: 'Perfect', createdAt: '2025-06-06T01:07:00.000Z' }),
        ],
      },
    });
    const { user } = renderApp('/dashboard?tab=messages');
    const thread = await openConversation(user, /Lena Voss/);
    const items = await within(thread).findAllByTestId('message');
    expect(items.map((i) => within(i).getByTestId('message-content').textContent)).toEqual([
      'Are we still on for Friday?',
      'Yes, 10 PM at the marina.',
      'Perfect',
    ]);
    expect(items.map((i) => i.getAttribute('data-own'))).toEqual(['false', 'true', 'false']);
    expect(items[1]).toHaveClass('self-end');
    expect(items[0]).toHaveClass('self-start');
    expect(items[1]).toHaveTextContent(/^You: /);
    expect(items[0]).toHaveTextContent(/^Lena: /);
    expect(within(items[1]!).getByTestId('message-time')).toHaveTextContent(/^Jun 05, 9:05 PM EST$/);
  });

  it('opening a conversation with unread messages marks it read once and refreshes the list', async () => {
    await signIn(host);
    const api = mockMessaging({
      conversations: [
        makeConversation({ id: C1, unreadCount: 2 }),
        makeConversation({
          id: C2,
          unreadCount: 0,
          otherUser: { id: OTHER, firstName: 'Marco', lastName: 'Bell', profileImages: [] },
        }),
      ],
      threads: { [C1]: [makeMessage({ content: 'Hello?' })] },
    });
    const { user } = renderApp('/dashboard?tab=messages');
    await screen.findByRole('list', { name: 'Conversations' });
    expect(api.listReads).toBe(1);

    await openConversation(user, /Marco Bell/);
    expect(api.readCalls).toEqual([]);

    await user.click(screen.getByRole('button', { name: /Lena Voss/ }));
    await waitFor(() => expect(api.readCalls).toEqual([C1]));
    await waitFor(() =>
      expect(within(conversationButtons()[0]!).queryByTestId('unread-badge')).not.toBeInTheDocument(),
    );
    expect(api.listReads).toBe(2);
    expect(screen.getByRole('button', { name: /Lena Voss/ })).toHaveAttribute('aria-current', 'true');
  });

  it('keeps Send disabled while the text is blank or only spaces', async () => {
    await signIn(host);
    mockMessaging({ conversations: [makeConversation()], threads: { [C1]: [] } });
    const { user } = renderApp('/dashboard?tab=messages');
    await openConversation(user, /Lena Voss/);
    const send = screen.getByRole('button', { name: 'Send' });
    const box = screen.getByRole('textbox', { name: 'Message Lena Voss' });
    expect(send).toBeDisabled();
    await user.type(box, '   ');
    expect(send).toBeDisabled();
    await user.type(box, 'hi');
    expect(send).toBeEnabled();
  });

  it('sends the trimmed text, clears the input, refreshes thread and list, and announces it', async () => {
    await signIn(host);
    const api = mockMessaging({
      conversations: [makeConversation()],
      threads: { [C1]: [makeMessage({ content: 'First' })] },
    });
    const { user } = renderApp('/dashboard?tab=messages');
    const thread = await openConversation(user, /Lena Voss/);
    await within(thread).findAllByTestId('message');
    const listReadsBefore = api.listReads;
    const box = screen.getByRole('textbox', { name: 'Message Lena Voss' });
    await user.type(box, '   See you at 10  ');
    expect(screen.getByTestId('message-count')).toHaveTextContent('18/1000');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    await waitFor(() => expect(within(thread).getAllByTestId('message')).toHaveLength(2));
    expect(api.sent).toEqual([{ content: 'See you at 10' }]);
    expect(box).toHaveValue('');
    expect(within(thread).getAllByTestId('message-content').at(-1)).toHaveTextContent(/^See you at 10$/);
    expect(api.threadReads[C1]).toBe(2);
    await waitFor(() => expect(api.listReads).toBe(listReadsBefore + 1));
    expect(screen.getByTestId('thread-announcer')).toHaveTextContent('Message sent: See you at 10');
    expect(screen.getByTestId('thread-announcer')).toHaveAttribute('aria-live', 'polite');
  });

  it("shows the server's message when sending fails, and keeps the text", async () => {
    await signIn(host);
    const api = mockMessaging({
      conversations: [makeConversation()],
      threads: { [C1]: [] },
      sendAnswer: () => HttpResponse.json({ statusCode: 400, message: 'Message too long' }, { status: 400 }),
    });
    const { user } = renderApp('/dashboard?tab=messages');
    await openConversation(user, /Lena Voss/);
    const box = screen.getByRole('textbox', { name: 'Message Lena Voss' });
    await user.type(box, 'Hello there');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Message too long$/);
    expect(api.sent).toHaveLength(1);
    expect(box).toHaveValue('Hello there');
    expect(box).toHaveAttribute('aria-invalid', 'true');
  });

  it('refuses more than 1000 characters before asking the server', async () => {
    await signIn(host);
    const api = mockMessaging({ conversations: [makeConversation()], threads: { [C1]: [] } });
    const { user } = renderApp('/dashboard?tab=messages');
    await openConversation(user, /Lena Voss/);
    await user.click(screen.getByRole('textbox', { name: 'Message Lena Voss' }));
    await user.paste('x'.repeat(1001));
    expect(screen.getByTestId('message-count')).toHaveTextContent('1001/1000');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Message too long$/);
    expect(api.sent).toEqual([]);
  });

  it('works by keyboard alone: open with Enter, focus on the thread, Enter sends, Back returns focus to the list', async () => {
    await signIn(host);
    const api = mockMessaging({ conversations: [makeConversation()], threads: { [C1]: [] } });
    const { user } = renderApp('/dashboard?tab=messages');
    const item = await screen.findByRole('button', { name: /Lena Voss/ });
    item.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { level: 2, name: 'Lena Voss' })).toHaveFocus();
    await screen.findByText('No messages yet. Start the conversation!');

    await user.click(screen.getByRole('textbox', { name: 'Message Lena Voss' }));
    await user.keyboard('Line one{Shift>}{Enter}{/Shift}Line two{Enter}');
    await waitFor(() => expect(api.sent).toEqual([{ content: 'Line one\nLine two' }]));

    await user.click(screen.getByRole('button', { name: 'Back to conversations' }));
    expect(screen.getByRole('button', { name: /Lena Voss/ })).toHaveFocus();
    expect(screen.getByRole('heading', { name: 'Select a Conversation' })).toBeInTheDocument();
  });

  it('refreshConversation (after a send) re-reads the open thread and the list and announces a new message', async () => {
    await signIn(host);
    const api = mockMessaging({
      conversations: [makeConversation()],
      threads: { [C1]: [makeMessage({ content: 'First' })] },
    });
    const { user, queryClient } = renderApp('/dashboard?tab=messages');
    const thread = await openConversation(user, /Lena Voss/);
    await within(thread).findAllByTestId('message');
    expect(screen.getByTestId('thread-announcer')).toHaveTextContent(/^$/);
    const listReadsBefore = api.listReads;

    api.threads[C1] = [...api.threads[C1]!, makeMessage({ content: 'On my way' })];
    await act(() => refreshConversation(queryClient, host.id, C1));

    await waitFor(() => expect(within(thread).getAllByTestId('message')).toHaveLength(2));
    expect(api.listReads).toBe(listReadsBefore + 1);
    expect(screen.getByTestId('thread-announcer')).toHaveTextContent('New message from Lena: On my way');
  });

  it('a message pushed over the live channel shows in the open thread without a reload', async () => {
    await signIn(host);
    const api = mockMessaging({
      conversations: [makeConversation()],
      threads: { [C1]: [makeMessage({ content: 'First' })] },
    });
    const live = liveChannel();
    const { user } = renderApp('/dashboard?tab=messages');
    const thread = await openConversation(user, /Lena Voss/);
    await within(thread).findAllByTestId('message');
    await waitFor(() => expect(live.push).toBeDefined());
    const arrived = makeMessage({ id: 'a0000000-0000-4000-8000-0000000000f1', content: 'Running late' });
    api.threads[C1] = [...api.threads[C1]!, arrived];
    act(() => live.push!(JSON.stringify({ type: 'message-sent', conversationId: C1, message: arrived })));
    await waitFor(() => expect(within(thread).getAllByTestId('message')).toHaveLength(2));
    expect(screen.getByTestId('thread-announcer')).toHaveTextContent('New message from Lena: Running late');
  });

  it('a message pushed while the thread is being read again (a read that began before it existed) is not lost', async () => {
    await signIn(host);
    const api = mockMessaging({
      conversations: [makeConversation()],
      threads: { [C1]: [makeMessage({ content: 'First' })] },
    });
    // Reads of the thread answer what it held when asked; while `held`, the answer waits.
    let held: Promise<void> | null = null;
    server.use(
      http.get('/api/conversations/:id/messages', async ({ request }) => {
        const asked = [...(api.threads[C1] ?? [])];
        if (held) await held;
        return pageAnswer(request, asked.reverse(), { size: 50, arrange: (items) => items.reverse() });
      }),
    );
    const live = liveChannel();
    const { user } = renderApp('/dashboard?tab=messages');
    const thread = await openConversation(user, /Lena Voss/);
    await within(thread).findAllByTestId('message');
    await waitFor(() => expect(live.push).toBeDefined());
    let release = () => {};
    held = new Promise<void>((r) => (release = r));
    // The host sends: the thread is read again after it (the read is held, without what comes next).
    await user.type(screen.getByRole('textbox', { name: 'Message Lena Voss' }), 'On my way');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(api.sent).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50));
    const arrived = makeMessage({ content: 'Running late', createdAt: '2025-06-06T04:00:00.000Z' });
    api.threads[C1] = [...api.threads[C1]!, arrived];
    act(() => live.push!(JSON.stringify({ type: 'message-sent', conversationId: C1, message: arrived })));
    held = null;
    release();
    await waitFor(() =>
      expect(
        within(thread)
          .getAllByTestId('message-content')
          .map((m) => m.textContent),
      ).toEqual(['First', 'On my way', 'Running late']),
    );
  });

  it('a conversation opened meanwhile (pushed over the live channel) joins the list without a reload', async () => {
    await signIn(host);
    const api = mockMessaging({ conversations: [] });
    const live = liveChannel();
    renderApp('/dashboard?tab=messages');
    expect(await screen.findByRole('heading', { name: 'No Messages Yet' })).toBeInTheDocument();
    await waitFor(() => expect(live.push).toBeDefined());
    api.conversations = [makeConversation()];
    act(() => live.push!(JSON.stringify({ type: 'conversation-opened', conversationId: C1 })));
    expect(await screen.findByRole('button', { name: /Lena Voss/ })).toBeInTheDocument();
  });

  it('shows an error with Try Again when the list cannot load', async () => {
    await signIn(host);
    let fail = true;
    server.use(
      http.get('/api/conversations/:id', async () => {
        await delay(1);
        return fail ? HttpResponse.json({ message: 'boom' }, { status: 500 }) : HttpResponse.json([]);
      }),
    );
    const { user } = renderApp('/dashboard?tab=messages');
    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading messages. Please try again.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'No Messages Yet' })).toBeInTheDocument();
  });
});

/** `n` messages of C1, oldest first, 'Message 1' to 'Message n', a minute apart. */
function longThread(n: number): Message[] {
  return Array.from({ length: n }, (_, i) =>
    makeMessage({ content: `Message ${i + 1}`, createdAt: new Date(Date.UTC(2025, 5, 6, 1, i)).toISOString() }),
  );
}

const contents = (thread: HTMLElement) =>
  within(thread)
    .getAllByTestId('message-content')
    .map((m) => m.textContent);

/**
 * jsdom lays nothing out: the thread's scroll box as a browser has it, each message 50 px high in a
 * 200 px box, so where the view is can be read (`scrollTop`) after older messages came in above it.
 */
function layOutThread(thread: HTMLElement) {
  let top = 0;
  Object.defineProperty(thread, 'scrollHeight', {
    configurable: true,
    get: () => within(thread).queryAllByTestId('message').length * 50,
  });
  Object.defineProperty(thread, 'clientHeight', { configurable: true, get: () => 200 });
  Object.defineProperty(thread, 'scrollTop', {
    configurable: true,
    get: () => top,
    set: (v: number) => (top = Math.max(0, Math.min(v, thread.scrollHeight - 200))),
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("a conversation's thread, page by page", () => {
  const total = PAGE_LIMITS.default + 5;
  const firstPage = longThread(total)
    .slice(5)
    .map((m) => m.content);

  it('opens at the newest page; "Load earlier messages" brings the older ones above, keeping the view, until the first message', async () => {
    await signIn(host);
    const api = mockMessaging({ conversations: [makeConversation()], threads: { [C1]: longThread(total) } });
    const { user } = renderApp('/dashboard?tab=messages');
    const thread = await openConversation(user, /Lena Voss/);
    await within(thread).findAllByTestId('message');
    expect(contents(thread)).toEqual(firstPage);
    expect(api.threadPages).toEqual([{ limit: String(PAGE_LIMITS.default), cursor: '' }]);

    // The member has scrolled up to the third message of the page (100 px from the top).
    layOutThread(thread);
    thread.scrollTop = 100;
    const button = within(thread).getByRole('button', { name: 'Load earlier messages' });
    button.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(contents(thread)).toHaveLength(total));
    expect(contents(thread)).toEqual(Array.from({ length: total }, (_, i) => `Message ${i + 1}`));
    expect(api.threadPages.at(-1)).toEqual({
      limit: String(PAGE_LIMITS.default),
      cursor: `after-${PAGE_LIMITS.default}`,
    });
    // The five older messages (250 px) came in above: the view moved down with what it showed.
    expect(thread.scrollTop).toBe(350);
    // The first message is there: no button; the keyboard's focus went on in the thread, not to the body.
    expect(within(thread).queryByRole('button', { name: /earlier messages/ })).not.toBeInTheDocument();
    await waitFor(() => expect(thread).toHaveFocus());
    expect(screen.getByText(`${total} messages shown`)).toHaveAttribute('role', 'status');
    // Older messages are not new ones: nothing is announced.
    expect(screen.getByTestId('thread-announcer')).toHaveTextContent(/^$/);
    expect(await accessibilityViolations()).toEqual([]);
  });

  it('loads the older page by itself when the top of the thread scrolls into view', async () => {
    const observer = stubIntersectionObserver();
    await signIn(host);
    const api = mockMessaging({ conversations: [makeConversation()], threads: { [C1]: longThread(total) } });
    const { user } = renderApp('/dashboard?tab=messages');
    const thread = await openConversation(user, /Lena Voss/);
    await within(thread).findAllByTestId('message');
    expect(api.threadPages).toHaveLength(1);
    observer.scrollIntoView();
    await waitFor(() => expect(contents(thread)[0]).toBe('Message 1'));
    expect(api.threadPages.map((p) => p.cursor)).toEqual(['', `after-${PAGE_LIMITS.default}`]);
  });

  it('keeps the thread when an older page fails, says so, and loads it when pressed again (not by itself)', async () => {
    const observer = stubIntersectionObserver();
    await signIn(host);
    let down = true;
    const api = mockMessaging({
      conversations: [makeConversation()],
      threads: { [C1]: longThread(total) },
      failThread: (cursor) => cursor !== '' && down,
    });
    const { user } = renderApp('/dashboard?tab=messages', { queryClient: createFastRetryQueryClient() });
    const thread = await openConversation(user, /Lena Voss/);
    await within(thread).findAllByTestId('message');
    observer.scrollIntoView();
    expect(await within(thread).findByRole('alert')).toHaveTextContent(
      'Could not load earlier messages. Please try again.',
    );
    expect(contents(thread)).toEqual(firstPage);
    const asked = api.threadPages.length;
    observer.scrollIntoView();
    await new Promise((r) => setTimeout(r, 200));
    expect(api.threadPages).toHaveLength(asked);
    down = false;
    await user.click(within(thread).getByRole('button', { name: 'Load earlier messages' }));
    await waitFor(() => expect(contents(thread)[0]).toBe('Message 1'));
    await waitFor(() => expect(within(thread).queryByRole('alert')).not.toBeInTheDocument());
  });

  it('a message pushed over the live channel joins the end of a thread of several pages, which is not read again', async () => {
    await signIn(host);
    const api = mockMessaging({ conversations: [makeConversation()], threads: { [C1]: longThread(total) } });
    const live = liveChannel();
    const { user } = renderApp('/dashboard?tab=messages');
    const thread = await openConversation(user, /Lena Voss/);
    await within(thread).findAllByTestId('message');
    await user.click(within(thread).getByRole('button', { name: 'Load earlier messages' }));
    await waitFor(() => expect(contents(thread)).toHaveLength(total));
    await waitFor(() => expect(live.push).toBeDefined());
    const reads = api.threadReads[C1];
    const arrived = makeMessage({ content: 'Running late', createdAt: '2025-06-06T03:00:00.000Z' });
    api.threads[C1] = [...api.threads[C1]!, arrived];
    act(() => live.push!(JSON.stringify({ type: 'message-sent', conversationId: C1, message: arrived })));
    await waitFor(() => expect(contents(thread)).toHaveLength(total + 1));
    expect(contents(thread)[0]).toBe('Message 1');
    expect(contents(thread).at(-1)).toBe('Running late');
    expect(screen.getByTestId('thread-announcer')).toHaveTextContent('New message from Lena: Running late');
    expect(api.threadReads[C1]).toBe(reads);
  });
});
