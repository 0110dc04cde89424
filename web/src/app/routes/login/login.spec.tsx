import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../../lib/storage';
import { makeUser, storedUser } from '../../../testing/fixtures';
import { waitFor } from '@testing-library/react';
import { findToast, renderApp, screen } from '../../../testing/render-app';
import { server } from '../../../testing/server';

async function fillAndSubmit(user: ReturnType<typeof renderApp>['user'], email: string, password: string) {
  await user.type(await screen.findByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password', { selector: 'input' }), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('/login', () => {
  it('shows the login rules messages', async () => {
    const { user } = renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Sign In' }));
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Please enter a valid email address');
    expect(screen.getByLabelText('Password', { selector: 'input' })).toHaveAccessibleDescription(
      'Password is required',
    );
  });

  it('failure: a "Sign in failed" alert with the server message that stays, focus back on the password, nobody stored', async () => {
    server.use(
      http.post('/api/auth/login', () =>
        HttpResponse.json(
          { statusCode: 401, code: 'AUTH.INVALID_CREDENTIALS', message: 'Invalid email or password' },
          { status: 401 },
        ),
      ),
    );
    const { user, location } = renderApp('/login');
    await fillAndSubmit(user, 'ava@example.com', 'wrong-password');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Sign in failed');
    expect(alert).toHaveTextContent('Invalid email or password');
    await waitFor(() => expect(screen.getByLabelText('Password', { selector: 'input' })).toHaveFocus());
    expect(location()).toBe('/login');
    expect(storedUser()).toBeNull();
  });

  it('failure without a server message: "Please check your credentials"', async () => {
    server.use(
      http.post('/api/auth/login', () => new HttpResponse(null, { status: 500, statusText: 'Internal Server Error' })),
    );
    const { user } = renderApp('/login');
    await fillAndSubmit(user, 'ava@example.com', 'whatever');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Sign in failed');
    expect(alert).toHaveTextContent('Please check your credentials');
  });

  it('success: stores the user, says "Welcome back!" and goes to /dashboard', async () => {
    const ava = makeUser({ firstName: 'Ava', profileImages: ['/img/ava.jpg'] });
    let sent: unknown;
    server.use(
      http.post('/api/auth/login', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(ava);
      }),
    );
    const { user, location } = renderApp('/login');
    await fillAndSubmit(user, '  Ava@Example.com ', 'velvet-rope-8');

    expect(await screen.findByTestId('dashboard-greeting')).toHaveTextContent('Welcome, Ava');
    expect(location()).toMatch(/^\/dashboard/);
    expect(sent).toEqual({ email: 'ava@example.com', password: 'velvet-rope-8' });
    expect(storedUser()).toEqual(ava);
    expect(window.localStorage.getItem(STORAGE_KEYS.currentUserId)).toBe(ava.id);
    expect(await findToast()).toHaveTextContent('Welcome back!');
  });

  it('"Forgot your password?" leads to /forgot-password with the email typed here, and Join Now leads to /join', async () => {
    const { user, location } = renderApp('/login');
    await user.type(await screen.findByLabelText('Email'), ' ava@example.com');
    expect(screen.getByRole('link', { name: 'Join Now' })).toHaveAttribute('href', '/join');
    await user.click(screen.getByRole('link', { name: 'Forgot your password?' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Forgot Your Password?' })).toBeInTheDocument();
    expect(location()).toBe('/forgot-password');
    expect(screen.getByLabelText('Email')).toHaveValue('ava@example.com');
  });

  it('"Forgot your password?" with no email typed opens an empty form', async () => {
    const { user } = renderApp('/login');
    await user.click(await screen.findByRole('link', { name: 'Forgot your password?' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Forgot Your Password?' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('');
  });
});
