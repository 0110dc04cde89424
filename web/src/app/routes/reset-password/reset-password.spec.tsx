import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_EMAIL_MESSAGES, AUTH_MESSAGES } from '@luxe/contracts';
import { waitFor } from '@testing-library/react';
import { STORAGE_KEYS } from '../../../lib/storage';
import { accessibilityViolations } from '../../../testing/axe';
import { makeUser, signIn, storedUser } from '../../../testing/fixtures';
import { renderApp, screen } from '../../../testing/render-app';
import { server } from '../../../testing/server';

/** A token of the shape the emails carry (32 bytes, base64url). */
const TOKEN = 'Q2hvb3NlIGEgbmV3IHBhc3N3b3JkIGZvciBMdXhlU3d';
const tokenRefused = () =>
  HttpResponse.json(
    { statusCode: 400, code: 'AUTH.RESET_TOKEN_INVALID', message: ACCOUNT_EMAIL_MESSAGES.resetToken },
    { status: 400 },
  );

/** Records what the page posts to POST /api/auth/password-reset/confirm, answering with `reply`. */
function mockConfirm(reply: () => Response) {
  const sent: unknown[] = [];
  server.use(
    http.post('/api/auth/password-reset/confirm', async ({ request }) => {
      sent.push(await request.json());
      return reply();
    }),
  );
  return sent;
}

async function choose(user: ReturnType<typeof renderApp>['user'], password: string, again = password) {
  await user.type(await screen.findByLabelText('New password', { selector: 'input' }), password);
  await user.type(screen.getByLabelText('Confirm new password', { selector: 'input' }), again);
  await user.click(screen.getByRole('button', { name: 'Change Password' }));
}

/** The "link refused" state: the server's message in an alert, and a way to ask for a new link. */
async function expectRefused() {
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent(ACCOUNT_EMAIL_MESSAGES.resetToken);
  expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forgot-password');
  expect(screen.queryByLabelText('New password', { selector: 'input' })).not.toBeInTheDocument();
}

describe('/reset-password', () => {
  it('204: posts the token and the new password, says so with a link to log in, and forgets the signed-in user', async () => {
    const ava = makeUser({ firstName: 'Ava' });
    await signIn(ava);
    // The server ends every session of the account: /api/auth/me answers 401 from then on.
    let sessionAlive = true;
    server.use(
      http.get('/api/auth/me', () =>
        sessionAlive
          ? HttpResponse.json(ava)
          : HttpResponse.json(
              { statusCode: 401, code: 'AUTH.UNAUTHENTICATED', message: AUTH_MESSAGES.notAuthenticated },
              { status: 401 },
            ),
      ),
    );
    const sent = mockConfirm(() => {
      sessionAlive = false;
      return new HttpResponse(null, { status: 204 });
    });
    const { user, location, router } = renderApp(`/reset-password?token=${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose a New Password' })).toBeInTheDocument();
    expect(await accessibilityViolations()).toEqual([]);
    await choose(user, 'a-brand-new-password');

    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Your password is changed.');
    await waitFor(() => expect(status).toHaveFocus());
    expect(sent).toEqual([{ token: TOKEN, password: 'a-brand-new-password' }]);
    expect(storedUser()).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.currentUserId)).toBeNull();
    expect(await accessibilityViolations()).toEqual([]);

    await user.click(screen.getByRole('link', { name: 'Log in' }));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(location()).toBe('/login');
    // Signed out as by a log-out: a members' page sends to /login and nothing is remembered for after it.
    await router.navigate('/dashboard');
    await waitFor(() => expect(location()).toBe('/login'));
    expect(window.localStorage.getItem(STORAGE_KEYS.redirectAfterLogin)).toBeNull();
  });

  it("a browser signed in to another account keeps it (the server ended only the reset account's sessions)", async () => {
    const bob = makeUser({ id: '7b3c1f00-0000-4000-8000-000000000002', firstName: 'Bob' });
    await signIn(bob);
    mockConfirm(() => new HttpResponse(null, { status: 204 }));
    const { user } = renderApp(`/reset-password?token=${TOKEN}`);
    await choose(user, 'a-brand-new-password');
    expect(await screen.findByRole('status')).toHaveTextContent('Your password is changed.');
    await waitFor(() => expect(storedUser()?.id).toBe(bob.id));
  });

  it("the two copies must match (client-side: nothing is sent), and the password follows the contract's rule", async () => {
    const sent = mockConfirm(() => new HttpResponse(null, { status: 204 }));
    const { user } = renderApp(`/reset-password?token=${TOKEN}`);
    await choose(user, 'a-brand-new-password', 'a-brand-new-passwrd');
    expect(await screen.findByLabelText('Confirm new password', { selector: 'input' })).toHaveAccessibleDescription(
      ACCOUNT_EMAIL_MESSAGES.confirmPassword,
    );

    await user.clear(screen.getByLabelText('New password', { selector: 'input' }));
    await user.type(screen.getByLabelText('New password', { selector: 'input' }), 'short');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    await waitFor(() =>
      expect(screen.getByLabelText('New password', { selector: 'input' })).toHaveAccessibleDescription(
        AUTH_MESSAGES.password,
      ),
    );
    expect(sent).toEqual([]);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('400 for the token (unknown, used or expired): the alert, and Request a new link leads to /forgot-password', async () => {
    mockConfirm(tokenRefused);
    const { user, location } = renderApp(`/reset-password?token=${TOKEN}`);
    await choose(user, 'a-brand-new-password');
    await expectRefused();
    await waitFor(() => expect(screen.getByRole('alert')).toHaveFocus());
    expect(await accessibilityViolations()).toEqual([]);

    await user.click(screen.getByRole('link', { name: 'Request a new link' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Forgot Your Password?' })).toBeInTheDocument();
    expect(location()).toBe('/forgot-password');
  });

  it.each([
    ['no token', '/reset-password'],
    ['an empty token', '/reset-password?token='],
    ['a token not of the shape we send', '/reset-password?token=abc'],
  ])('%s: the same state at once, nothing sent', async (_, path) => {
    const sent = mockConfirm(tokenRefused);
    renderApp(path);
    await expectRefused();
    expect(sent).toEqual([]);
  });

  it("400 for the password: the server's message is the field's error", async () => {
    mockConfirm(() =>
      HttpResponse.json(
        {
          statusCode: 400,
          code: 'REQUEST.VALIDATION_FAILED',
          message: AUTH_MESSAGES.password,
          errors: [{ path: 'password', message: AUTH_MESSAGES.password }],
        },
        { status: 400 },
      ),
    );
    const { user } = renderApp(`/reset-password?token=${TOKEN}`);
    await choose(user, 'a-brand-new-password');
    await waitFor(() =>
      expect(screen.getByLabelText('New password', { selector: 'input' })).toHaveAccessibleDescription(
        AUTH_MESSAGES.password,
      ),
    );
    expect(screen.queryByText('Password not changed')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Request a new link' })).not.toBeInTheDocument();
  });

  it("429: the server's message in an alert, the form stays", async () => {
    mockConfirm(() =>
      HttpResponse.json(
        { statusCode: 429, code: 'AUTH.RATE_LIMITED', message: AUTH_MESSAGES.tooManyAttempts },
        { status: 429 },
      ),
    );
    const { user } = renderApp(`/reset-password?token=${TOKEN}`);
    await choose(user, 'a-brand-new-password');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Password not changed');
    expect(alert).toHaveTextContent(AUTH_MESSAGES.tooManyAttempts);
    expect(screen.getByRole('button', { name: 'Change Password' })).toBeEnabled();
  });
});
