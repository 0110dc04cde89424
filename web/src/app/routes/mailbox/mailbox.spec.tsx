import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp, screen } from '../../../testing/render-app';
import { server } from '../../../testing/server';

describe('/mailbox (the embedded demo)', () => {
  it('shows a skeleton of the emails while they load, then the emails', async () => {
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get('/api/demo/mailbox', async () => {
        await answered;
        const email = {
          id: 'c0000000-0000-4000-8000-000000000001',
          to: 'ava@example.com',
          subject: 'Welcome to LuxeSwipe',
          text: 'Hello Ava',
          html: '<p>Hello Ava</p>',
          sentAt: new Date().toISOString(),
        };
        return HttpResponse.json({ emails: [email] });
      }),
    );
    renderApp('/mailbox');
    const skeleton = (await screen.findByText('Loading…')).closest('[role="status"]');
    expect(skeleton).toHaveAttribute('data-testid', 'list-skeleton');
    expect(skeleton).toHaveAttribute('aria-busy', 'true');
    answer();
    expect(await screen.findByRole('heading', { level: 2, name: 'Welcome to LuxeSwipe' })).toBeInTheDocument();
    expect(screen.queryByTestId('list-skeleton')).not.toBeInTheDocument();
  });
});
