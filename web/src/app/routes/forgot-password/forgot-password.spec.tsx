import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_EMAIL_MESSAGES, AUTH_MESSAGES } from '@luxe/contracts';
import { waitFor } from '@testing-library/react';
import { accessibilityViolations } from '../../../testing/axe';
import { renderApp, screen, within } from '../../../testing/render-app';
import { server } from '../../../testing/server';

/** Records what the page posts to POST /api/auth/password-reset, answering with `reply`. */
function mockRequest(reply: () => Response) {
  const sent: unknown[] = [];
  server.use(
    http.post('/api/auth/password-reset', async ({ request }) => {
      sent.push(await request.json());
      return reply();
    }),
  );
  return sent;
}

describe('/forgot-password', () => {
  it("is open to visitors: the email field, and the contract's email rule before anything is sent", async () => {
    const sent = mockRequest(() =>
      HttpResponse.json({ message: ACCOUNT_EMAIL_MESSAGES.resetRequested }, { status: 202 }),
    );
    const { user, location } = renderApp('/forgot-password');
    expect(await screen.findByRole('heading', { level: 1, name: 'Forgot Your Password?' })).toBeInTheDocument();
    expect(await accessibilityViolations()).toEqual([]);
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByLabelText('Email')).toHaveAccessibleDescription(AUTH_MESSAGES.loginEmail);
    expect(sent).toEqual([]);
    expect(location()).toBe('/forgot-password');
  });

  it("202: the server's message in a status region, the page stays, and Back to log in leads to /login", async () => {
    const sent = mockRequest(() =>
      HttpResponse.json({ message: ACCOUNT_EMAIL_MESSAGES.resetRequested }, { status: 202 }),
    );
    const { user, location } = renderApp('/forgot-password');
    await user.type(await screen.findByLabelText('Email'), '  Ava@Example.com ');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));

    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent(ACCOUNT_EMAIL_MESSAGES.resetRequested);
    await waitFor(() => expect(status).toHaveFocus());
    expect(sent).toEqual([{ email: 'ava@example.com' }]);
    expect(location()).toBe('/forgot-password');
    expect(await accessibilityViolations()).toEqual([]);

    const back = screen.getAllByRole('link', { name: 'Back to log in' });
    expect(back.map((a) => a.getAttribute('href'))).toEqual(['/login', '/login']);
    await user.click(back[1]);
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(location()).toBe('/login');
  });

  it("429: the server's message stays on screen in an alert, and the field keeps the address", async () => {
    mockRequest(() =>
      HttpResponse.json(
        { statusCode: 429, code: 'AUTH.RATE_LIMITED', message: AUTH_MESSAGES.tooManyAttempts },
        { status: 429 },
      ),
    );
    const { user } = renderApp('/forgot-password');
    await user.type(await screen.findByLabelText('Email'), 'ava@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Link not sent');
    expect(alert).toHaveTextContent(AUTH_MESSAGES.tooManyAttempts);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('ava@example.com');
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveFocus());
  });

  it("400: the server's message is the email field's error", async () => {
    mockRequest(() =>
      HttpResponse.json(
        {
          statusCode: 400,
          code: 'REQUEST.VALIDATION_FAILED',
          message: AUTH_MESSAGES.loginEmail,
          errors: [{ path: 'email', message: AUTH_MESSAGES.loginEmail }],
        },
        { status: 400 },
      ),
    );
    const { user } = renderApp('/forgot-password');
    await user.type(await screen.findByLabelText('Email'), 'ava@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(AUTH_MESSAGES.loginEmail));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('?email= fills in the field', async () => {
    renderApp('/forgot-password?email=ava%40example.com');
    expect(await screen.findByLabelText('Email')).toHaveValue('ava@example.com');
    expect(
      within(screen.getByRole('form', { name: 'Request a password reset link' })).getByRole('button', {
        name: 'Send Reset Link',
      }),
    ).toBeEnabled();
  });
});
