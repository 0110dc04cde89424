import { AUTH_MESSAGES } from '@luxe/contracts';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../../lib/storage';
import { renderApp, screen } from '../../../testing/render-app';

describe('/signup (step 1 of 2)', () => {
  it('titles the page by type and defaults to guest', async () => {
    const host = renderApp('/signup?type=host');
    expect(await screen.findByRole('heading', { level: 1, name: 'Host Registration' })).toBeInTheDocument();
    expect(screen.getByText('Step 1 of 2')).toBeInTheDocument();
    host.unmount();

    const venue = renderApp('/signup?type=venue');
    expect(await screen.findByRole('heading', { level: 1, name: 'Venue Registration' })).toBeInTheDocument();
    venue.unmount();

    // The fourth type offered at registration (it fell back to a guest's, issue 31).
    const entertainer = renderApp('/signup?type=entertainer');
    expect(await screen.findByRole('heading', { level: 1, name: 'Entertainer Registration' })).toBeInTheDocument();
    entertainer.unmount();

    renderApp('/signup');
    expect(await screen.findByRole('heading', { level: 1, name: 'Guest Registration' })).toBeInTheDocument();
  });

  it('shows the exact message under each field when submitted empty', async () => {
    const { user } = renderApp('/signup?type=guest');
    await user.click(await screen.findByRole('button', { name: 'Continue to Location' }));

    const expectations: Array<[string, string]> = [
      ['First Name', AUTH_MESSAGES.firstName],
      ['Last Name', AUTH_MESSAGES.lastName],
      ['Email', AUTH_MESSAGES.email],
      ['Password', AUTH_MESSAGES.password],
    ];
    for (const [label, message] of expectations) {
      const input = screen.getByLabelText(label, { selector: 'input' });
      expect(input).toHaveAttribute('aria-invalid', 'true');
      expect(input).toHaveAccessibleDescription(message);
    }
    expect(AUTH_MESSAGES).toMatchObject({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Please enter a valid email address',
      password: 'Password must be at least 8 characters',
    });
    expect(window.sessionStorage.getItem(STORAGE_KEYS.signupData)).toBeNull();
  });

  it('rejects an invalid email and a 7-character password, accepts 8', async () => {
    const { user, location } = renderApp('/signup?type=venue');
    await user.type(await screen.findByLabelText('First Name'), 'Ava');
    await user.type(screen.getByLabelText('Last Name'), 'Sterling');
    await user.type(screen.getByLabelText('Email'), 'ava@');
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), '1234567');
    await user.click(screen.getByRole('button', { name: 'Continue to Location' }));

    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.queryByText('First name is required')).not.toBeInTheDocument();
    expect(location()).toBe('/signup?type=venue');

    await user.type(screen.getByLabelText('Email'), 'example.com');
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), '8');
    await user.click(screen.getByRole('button', { name: 'Continue to Location' }));

    await screen.findByRole('button', { name: 'Complete Registration' });
    expect(location()).toBe('/signup-location?type=venue');
    expect(JSON.parse(window.sessionStorage.getItem(STORAGE_KEYS.signupData)!)).toEqual({
      firstName: 'Ava',
      lastName: 'Sterling',
      email: 'ava@example.com',
      password: '12345678',
      userType: 'venue',
    });
    // The draft holds the password: never in localStorage.
    expect(window.localStorage.getItem(STORAGE_KEYS.signupData)).toBeNull();
  });

  it('toggles the password visibility', async () => {
    const { user } = renderApp('/signup?type=guest');
    const password = await screen.findByLabelText('Password', { selector: 'input' });
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('links back to /join and to /login', async () => {
    renderApp('/signup?type=host');
    expect(await screen.findByRole('link', { name: 'Back to role selection' })).toHaveAttribute('href', '/join');
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
  });
});
