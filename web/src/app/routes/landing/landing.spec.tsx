import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../testing/render-app';
import { LandingRoute } from './landing';

afterEach(() => {
  vi.useRealTimers();
});

describe('landing page', () => {
  it('has the tagline, the sign-in and join links, the three features and the footer links', async () => {
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Swipe Into Luxury Experiences' })).toBeInTheDocument();
    const account = screen.getByRole('navigation', { name: 'Account' });
    expect(within(account).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    expect(within(account).getByRole('link', { name: 'Join Now' })).toHaveAttribute('href', '/join');
    expect(screen.getByRole('heading', { name: 'See How It Works' })).toBeInTheDocument();
    for (const feature of ['Luxury Yachts', 'Verified Members', 'VIP Experiences']) {
      expect(screen.getByRole('heading', { name: feature })).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/join');
    const footer = screen.getByRole('navigation', { name: 'Footer' });
    expect(within(footer).getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/privacy');
    expect(within(footer).getByRole('link', { name: 'Browse Events' })).toHaveAttribute('href', '/events');
    expect(within(footer).getByRole('link', { name: 'Terms' })).toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: 'Support' })).toBeInTheDocument();
  });

  it('a demo card animates away for 0.3 s after a choice and comes back after 1 s', () => {
    vi.useFakeTimers();
    const router = createMemoryRouter([{ path: '/', element: <LandingRoute /> }]);
    render(<RouterProvider router={router} />);
    const host = screen.getByRole('region', { name: 'Host Experience' });
    const card = within(host).getByTestId('demo-card');
    expect(card).toHaveAttribute('data-phase', 'visible');

    fireEvent.click(within(host).getByRole('button', { name: 'Invite' }));
    expect(card).toHaveAttribute('data-phase', 'leaving');
    expect(within(host).getByText('Invite sent!')).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(300));
    expect(card).toHaveAttribute('data-phase', 'hidden');
    act(() => vi.advanceTimersByTime(699));
    expect(card).toHaveAttribute('data-phase', 'hidden');
    act(() => vi.advanceTimersByTime(1));
    expect(card).toHaveAttribute('data-phase', 'visible');

    const guest = screen.getByRole('region', { name: 'Guest Experience' });
    fireEvent.click(within(guest).getByRole('button', { name: "Decline Marco's Yacht Party" }));
    expect(within(guest).getByTestId('demo-card')).toHaveAttribute('data-phase', 'leaving');
    expect(within(guest).getByRole('button', { name: 'Send Invite', hidden: true })).toBeDisabled();
  });
});

describe('/join', () => {
  it("offers the spec's three roles and the entertainer's, a back button to / and a Sign In link", async () => {
    renderApp('/join');
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose Your Role' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Host/ })).toHaveAttribute('href', '/signup?type=host');
    expect(screen.getByRole('link', { name: /^Guest/ })).toHaveAttribute('href', '/signup?type=guest');
    expect(screen.getByRole('link', { name: /^Venue Owner/ })).toHaveAttribute('href', '/signup?type=venue');
    expect(screen.getByRole('link', { name: /^Entertainer/ })).toHaveAttribute('href', '/signup?type=entertainer');
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
  });
});
