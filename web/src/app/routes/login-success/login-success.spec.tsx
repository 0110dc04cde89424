import { describe, expect, it } from 'vitest';
import { renderApp, screen } from '../../../testing/render-app';

describe('/login-success and /user-type-selection', () => {
  it('/login-success welcomes, with Sign In to Continue (/login) and Back to Home (/)', async () => {
    renderApp('/login-success');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to LuxeSwipe!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In to Continue' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });

  it('/user-type-selection offers the role choice of /join', async () => {
    renderApp('/user-type-selection');
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose Your Role' })).toBeInTheDocument();
    for (const type of ['host', 'guest', 'venue'])
      expect(screen.getAllByRole('link').some((l) => l.getAttribute('href') === `/signup?type=${type}`)).toBe(true);
  });
});
