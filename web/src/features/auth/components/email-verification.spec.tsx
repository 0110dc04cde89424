import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_EMAIL_MESSAGES, AUTH_MESSAGES } from '@luxe/contracts';
import { accessibilityViolations } from '../../../testing/axe';
import { makeUser, signIn, storedUser } from '../../../testing/fixtures';
import { renderApp, screen, within } from '../../../testing/render-app';
import { server } from '../../../testing/server';

const tooMany = () =>
  HttpResponse.json(
    { statusCode: 429, code: 'AUTH.RATE_LIMITED', message: AUTH_MESSAGES.tooManyAttempts },
    { status: 429 },
  );

/** Answers POST /api/auth/verify-email/resend with `reply`, counting the calls. */
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

async function emailRow() {
  return screen.findByTestId('email-verification');
}

describe("the Profile tab's email row", () => {
  it('verified: the address and the Verified badge, no link to send', async () => {
    await signIn(makeUser({ email: 'ava@example.com', emailVerified: true }));
    renderApp('/dashboard?tab=profile');
    const row = await emailRow();
    expect(row).toHaveTextContent('ava@example.com');
    expect(within(row).getByTestId('verified-badge')).toHaveTextContent('Verified');
    expect(within(row).queryByText('Not verified')).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Send a new link' })).not.toBeInTheDocument();
    expect(await accessibilityViolations(row)).toEqual([]);
  });

  it("not verified: Send a new link; the 202's message in the status region, then a 429's in an alert", async () => {
    await signIn(makeUser({ emailVerified: false }));
    let limited = false;
    const resend = mockResend(() =>
      limited ? tooMany() : HttpResponse.json({ message: ACCOUNT_EMAIL_MESSAGES.verificationSent }, { status: 202 }),
    );
    const { user } = renderApp('/dashboard?tab=profile');
    const row = await emailRow();
    expect(within(row).getByText('Not verified')).toBeInTheDocument();
    expect(within(row).queryByTestId('verified-badge')).not.toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Send a new link' }));
    await waitFor(() =>
      expect(within(row).getByRole('status')).toHaveTextContent(ACCOUNT_EMAIL_MESSAGES.verificationSent),
    );
    expect(within(row).queryByRole('alert')).not.toBeInTheDocument();
    expect(resend.count).toBe(1);
    expect(await accessibilityViolations(row)).toEqual([]);

    limited = true;
    await user.click(within(row).getByRole('button', { name: 'Send a new link' }));
    expect(await within(row).findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.tooManyAttempts);
    expect(within(row).getByRole('status')).toHaveTextContent('');
    expect(within(row).getByText('Not verified')).toBeInTheDocument();
    expect(resend.count).toBe(2);
    expect(await accessibilityViolations(row)).toEqual([]);
  });

  it('already verified on another device: the answer says so, the row turns Verified, and the focus lands on the answer', async () => {
    const ava = makeUser({ emailVerified: false });
    await signIn(ava);
    let isVerified = false;
    server.use(http.get('/api/auth/me', () => HttpResponse.json({ ...ava, emailVerified: isVerified })));
    mockResend(() => {
      isVerified = true;
      return HttpResponse.json({ message: ACCOUNT_EMAIL_MESSAGES.alreadyVerified }, { status: 202 });
    });
    const { user } = renderApp('/dashboard?tab=profile');
    const row = await emailRow();
    await user.click(within(row).getByRole('button', { name: 'Send a new link' }));
    const status = within(row).getByRole('status');
    await waitFor(() => expect(status).toHaveTextContent(ACCOUNT_EMAIL_MESSAGES.alreadyVerified));
    expect(within(row).getByTestId('verified-badge')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Send a new link' })).not.toBeInTheDocument();
    expect(storedUser()?.emailVerified).toBe(true);
    await waitFor(() => expect(status).toHaveFocus());
  });
});
