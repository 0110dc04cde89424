import { act, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { EMAIL_KINDS, type Notification } from '@luxe/contracts';
import { axeViolations } from '../../testing/axe';
import { makeUser, signIn } from '../../testing/fixtures';
import { renderApp, screen, within } from '../../testing/render-app';
import { realtime, server } from '../../testing/server';

const host = {
  ...makeUser({ firstName: 'Ava', userType: 'host', profileImages: ['/api/images/users/a.jpg'] }),
  isNewUser: false,
};
const note = (over: Partial<Notification> = {}): Notification => ({
  id: 'b0000000-0000-4000-8000-000000000001',
  kind: 'invite-received',
  title: 'Marco invited you',
  body: 'Yacht night on 2026-12-05.',
  link: '/dashboard?tab=invites',
  read: false,
  createdAt: new Date().toISOString(),
  ...over,
});

/** The server's notifications: the list and the count follow `items`; read calls are recorded. */
function mockNotifications(items: Notification[]) {
  const state = { items, reads: [] as string[], readAll: 0 };
  const unread = () => state.items.filter((n) => !n.read).length;
  server.use(
    http.get('/api/notifications/unread-count', () => HttpResponse.json({ unreadCount: unread() })),
    http.get('/api/notifications', () =>
      HttpResponse.json({
        notifications: state.items,
        page: 1,
        pageSize: 20,
        total: state.items.length,
        unreadCount: unread(),
      }),
    ),
    http.post('/api/notifications/:id/read', ({ params }) => {
      state.reads.push(String(params.id));
      state.items = state.items.map((n) => (n.id === params.id ? { ...n, read: true } : n));
      return HttpResponse.json(state.items.find((n) => n.id === params.id));
    }),
    http.post('/api/notifications/read-all', () => {
      state.readAll++;
      state.items = state.items.map((n) => ({ ...n, read: true }));
      return HttpResponse.json({ unreadCount: 0 });
    }),
  );
  return state;
}

describe('notifications', () => {
  it('the bell in the dashboard header counts the unread ones and counts a new one pushed over the live channel', async () => {
    await signIn(host);
    const api = mockNotifications([note()]);
    let push: ((text: string) => void) | undefined;
    server.use(realtime.addEventListener('connection', ({ client }) => (push = (t) => client.send(t))));
    renderApp('/dashboard?tab=home');
    const bell = await screen.findByRole('link', { name: 'Notifications, 1 unread' });
    expect(within(bell).getByTestId('notification-count')).toHaveTextContent('1');
    await waitFor(() => expect(push).toBeDefined());
    const pushed = note({ id: 'b0000000-0000-4000-8000-000000000002', title: 'Lena invited you' });
    api.items = [pushed, ...api.items];
    act(() => push!(JSON.stringify({ type: 'notification', notification: pushed })));
    expect(await screen.findByRole('link', { name: 'Notifications, 2 unread' })).toHaveAttribute(
      'href',
      '/notifications',
    );
  });

  it('lists them newest first; opening one marks it read and goes to what it is about; Mark all read empties the bell (no axe violation)', async () => {
    await signIn(host);
    const api = mockNotifications([
      note(),
      note({
        id: 'b0000000-0000-4000-8000-000000000003',
        kind: 'message-received',
        title: 'New message from Lena',
        body: 'On my way',
        link: '/dashboard?tab=messages',
      }),
    ]);
    const { user } = renderApp('/notifications');
    const items = await screen.findAllByTestId('notification-item');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringContaining('Marco invited you'),
      expect.stringContaining('New message from Lena'),
    ]);
    expect(screen.getByTestId('notifications-unread')).toHaveTextContent('2 unread');
    expect(await axeViolations()).toEqual([]);

    await user.click(items[1]!);
    await waitFor(() => expect(api.reads).toEqual(['b0000000-0000-4000-8000-000000000003']));
    expect(await screen.findByRole('heading', { name: 'Messages', level: 1 })).toBeInTheDocument();

    renderApp('/notifications');
    await user.click(await screen.findByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(api.readAll).toBe(1));
    expect(await screen.findByRole('link', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('the Profile tab turns a kind of email off', async () => {
    await signIn(host);
    const puts: unknown[] = [];
    let prefs = Object.fromEntries(EMAIL_KINDS.map((k) => [k, true]));
    server.use(
      http.get('/api/notifications/preferences', () => HttpResponse.json(prefs)),
      http.put('/api/notifications/preferences', async ({ request }) => {
        const body = (await request.json()) as Record<string, boolean>;
        puts.push(body);
        prefs = { ...prefs, ...body };
        return HttpResponse.json(prefs);
      }),
    );
    const { user } = renderApp('/dashboard?tab=profile');
    const toggle = await screen.findByRole('switch', { name: 'Invite received' });
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    await user.click(toggle);
    await waitFor(() => expect(puts).toEqual([{ 'invite-received': false }]));
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Invite received' })).toHaveAttribute('aria-checked', 'false'),
    );
  });
});
