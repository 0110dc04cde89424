import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeUser, signIn } from '../../../testing/fixtures';
import { renderApp, screen } from '../../../testing/render-app';
import { server } from '../../../testing/server';

const host = { ...makeUser({ firstName: 'Ava', userType: 'host' }), isNewUser: false };

describe('/notifications while the list loads', () => {
  it('shows a skeleton of the list (its label the loading text), then the notifications', async () => {
    await signIn(host);
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get('/api/notifications', async () => {
        await answered;
        const notification = {
          id: 'b0000000-0000-4000-8000-000000000001',
          kind: 'invite-received',
          title: 'Marco invited you',
          body: 'Yacht night.',
          link: '/dashboard?tab=invites',
          read: false,
          createdAt: new Date().toISOString(),
        };
        return HttpResponse.json({ notifications: [notification], page: 1, pageSize: 20, total: 1, unreadCount: 1 });
      }),
    );
    renderApp('/notifications');
    const skeleton = (await screen.findByText('Loading your notifications…')).closest('[role="status"]');
    expect(skeleton).toHaveAttribute('data-testid', 'list-skeleton');
    expect(skeleton).toHaveAttribute('aria-busy', 'true');
    answer();
    expect(await screen.findByTestId('notification-item')).toHaveTextContent('Marco invited you');
    expect(screen.queryByTestId('list-skeleton')).not.toBeInTheDocument();
  });
});
