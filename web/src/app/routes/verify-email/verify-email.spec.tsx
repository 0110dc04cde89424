import { StrictMode } from 'react';
import { render, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_EMAIL_MESSAGES, AUTH_MESSAGES } from '@luxe/contracts';
import { createQueryClient } from '../../../lib/query-client';
import { accessibilityViolations } from '../../../testing/axe';
import { makeUser, signIn, storedUser } from '../../../testing/fixtures';
import { renderApp, screen } from '../../../testing/render-app';
import { server } from '../../../testing/server';
import { AppProviders } from '../../providers';
import { routes } from '../../router';

/** A token of the shape the emails carry (32 bytes, base64url). */
const TOKEN = 'VmVyaWZ5IHlvdXIgTHV4ZVN3aXBlIGVtYWlsIGFkZHJ';
const verified = () => HttpResponse.json({ message: ACCOUNT_EMAIL_MESSAGES.verified });
const tokenRefused = () =>
  HttpResponse.json(
    { statusCode: 400, code: 'AUTH.VERIFY_TOKEN_INVALID', message: ACCOUNT_EMAIL_MESSAGES.verifyToken },
    { status: 400 },
  );

/** Records what the page posts to POST /api/auth/verify-email; the answer waits for `release` when one is given. */
function mockVerify(reply: () => Response, release?: Promise<void>) {
  const sent: unknown[] = [];
  server.use(
    http.post('/api/auth/verify-email', async ({ request }) => {
      sent.push(await request.json());
      await release;
      return reply();
    }),
  );
  return sent;
}

function mockResend(reply: () => Response) {
  const calls = { count: 0 };
  server.use(
    http.post('/api/auth/verify-email/resend', () => {
      calls.count += 1;
      return reply();
    }),
  );
  return calls;
}

describe('/verify-email', () => {
  it("signed out: 'Verifying…', then the server's message in the status region with Log in; the token is posted once", async () => {
    let open!: () => void;
    const sent = mockVerify(verified, new Promise<void>((resolve) => (open = resolve)));
    const { user, location } = renderApp(`/verify-email?token=${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Verify Your Email' })).toBeInTheDocument();
    expect(await screen.findByRole('status')).toHaveTextContent('Verifying…');
    expect(screen.queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
    open();

    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(ACCOUNT_EMAIL_MESSAGES.verified));
    expect(sent).toEqual([{ token: TOKEN }]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(await accessibilityViolations()).toEqual([]);
    await user.click(screen.getByRole('link', { name: 'Log in' }));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(location()).toBe('/login');
    expect(sent).toHaveLength(1);
  });

  it('signed in: the stored user is verified at once (the server asked again), and the way on is the dashboard', async () => {
    const ava = makeUser({ firstName: 'Ava', emailVerified: false });
    await signIn(ava);
    let isVerified = false;
    server.use(http.get('/api/auth/me', () => HttpResponse.json({ ...ava, emailVerified: isVerified })));
    const sent = mockVerify(() => {
      isVerified = true;
      return verified();
    });
    const { user, location } = renderApp(`/verify-email?token=${TOKEN}`);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(ACCOUNT_EMAIL_MESSAGES.verified));
    expect(storedUser()?.emailVerified).toBe(true);
    expect(sent).toEqual([{ token: TOKEN }]);

    await user.click(screen.getByRole('link', { name: 'Go to your dashboard' }));
    await waitFor(() => expect(location()).toBe('/dashboard'));
  });

  it("under React's StrictMode (its effects run twice) the token is still posted once", async () => {
    const sent = mockVerify(verified);
    const router = createMemoryRouter(routes, { initialEntries: [`/verify-email?token=${TOKEN}`] });
    render(
      <StrictMode>
        <AppProviders queryClient={createQueryClient()}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(ACCOUNT_EMAIL_MESSAGES.verified));
    // Let a second post, were there one, arrive.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent).toEqual([{ token: TOKEN }]);
  });

  it("400 signed out: the server's message in an alert, and Log in (a new link is sent from the profile)", async () => {
    const sent = mockVerify(tokenRefused);
    renderApp(`/verify-email?token=${TOKEN}`);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(ACCOUNT_EMAIL_MESSAGES.verifyToken);
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: 'Send a new link' })).not.toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(await accessibilityViolations()).toEqual([]);
  });

  it("400 signed in: Send a new link; the 202's message in the status region, a 429's in an alert", async () => {
    await signIn(makeUser({ emailVerified: false }));
    mockVerify(tokenRefused);
    let limited = false;
    const resend = mockResend(() =>
      limited
        ? HttpResponse.json(
            { statusCode: 429, code: 'AUTH.RATE_LIMITED', message: AUTH_MESSAGES.tooManyAttempts },
            { status: 429 },
          )
        : HttpResponse.json({ message: ACCOUNT_EMAIL_MESSAGES.verificationSent }, { status: 202 }),
    );
    const { user } = renderApp(`/verify-email?token=${TOKEN}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(ACCOUNT_EMAIL_MESSAGES.verifyToken);
    expect(screen.queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send a new link' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(ACCOUNT_EMAIL_MESSAGES.verificationSent));
    expect(resend.count).toBe(1);
    expect(await accessibilityViolations()).toEqual([]);

    limited = true;
    await user.click(screen.getByRole('button', { name: 'Send a new link' }));
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
        ACCOUNT_EMAIL_MESSAGES.verifyToken,
        AUTH_MESSAGES.tooManyAttempts,
      ]),
    );
    expect(screen.getByRole('status')).toHaveTextContent('');
    expect(resend.count).toBe(2);
  });

  it.each([
    ['no token', '/verify-email'],
    ['an empty token', '/verify-email?token='],
    ['a token not of the shape we send', '/verify-email?token=abc'],
  ])('%s: the refused state at once, nothing sent', async (_, path) => {
    const sent = mockVerify(verified);
    renderApp(path);
    expect(await screen.findByRole('alert')).toHaveTextContent(ACCOUNT_EMAIL_MESSAGES.verifyToken);
    expect(screen.queryByText('Verifying…')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sent).toEqual([]);
  });
});
