import { describe, expect, it } from 'vitest';
import { CONTACT } from '../../../lib/site-config';
import { renderApp, screen } from '../../../testing/render-app';

describe('/privacy and /safety', () => {
  it('/privacy: 12 sections, last updated October 16, 2025, deletion within 30 days, 18+, contact addresses instead of {email}, back to /', async () => {
    renderApp('/privacy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(12);
    expect(screen.getByText('Last Updated October 16, 2025')).toBeInTheDocument();
    expect(screen.getByText(/within 30 days/)).toBeInTheDocument();
    expect(screen.getByText(/18 or older/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: CONTACT.privacy })).toHaveAttribute('href', `mailto:${CONTACT.privacy}`);
    expect(screen.getByRole('link', { name: CONTACT.support })).toHaveAttribute('href', `mailto:${CONTACT.support}`);
    expect(document.body.textContent).not.toContain('{email}');
    expect(screen.getByRole('link', { name: '← Back to Home' })).toHaveAttribute('href', '/');
  });

  it('/safety: its sections, 24-hour answers, 911, the safety address, Back to Home', async () => {
    renderApp('/safety');
    expect(await screen.findByRole('heading', { level: 1, name: 'Safety' })).toBeInTheDocument();
    const titles = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    for (const t of [
      'Our Commitment to Safety',
      'Guidelines for Hosts and Guests',
      'Event Safety Requirements',
      'Platform Safety Features',
      'How to Report',
      'Emergency Advice',
      'Community Guidelines',
    ])
      expect(titles.some((x) => x?.endsWith(t))).toBe(true);
    expect(screen.getByText('Last Updated October 16, 2025')).toBeInTheDocument();
    expect(screen.getByText(/within 24 hours/)).toBeInTheDocument();
    expect(screen.getByText(/911 in the United States/)).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: CONTACT.safety }).length).toBeGreaterThan(0);
    expect(document.body.textContent).not.toContain('{email}');
    expect(screen.getByRole('link', { name: '← Back to Home' })).toHaveAttribute('href', '/');
  });
});
