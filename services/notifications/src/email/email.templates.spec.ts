import { describe, expect, it } from '@jest/globals';
import { EMAIL_KINDS } from '@luxe/contracts';
import { backoffMs } from './email.sender';
import { renderEmail, unsubscribeUrl } from './email.templates';

const draft = {
  userId: 'u1',
  kind: 'booking-cancelled' as const,
  factKey: 'booking-cancelled:b1',
  title: 'Booking cancelled',
  body: 'Sky Lounge on 2026-12-05 at 23:00 is cancelled.',
  detail: 'A refund of $12.50 goes back to your card.',
  link: '/dashboard?tab=book',
};
const to = { firstName: 'Ada <b>', unsubscribeToken: 'tok_abcdefghijklmnopqrstuvwxyz' };

describe('email templates', () => {
  it('renders every email kind with a subject, text and HTML, the link to its subject and the unsubscribe link', () => {
    for (const kind of EMAIL_KINDS) {
      const e = renderEmail(kind, { ...draft, kind }, to, 'https://luxe.example.com');
      expect(e.subject.length).toBeGreaterThan(5);
      expect(e.text).toContain('https://luxe.example.com/dashboard?tab=book');
      expect(e.html).toContain('href="https://luxe.example.com/dashboard?tab=book"');
      expect(e.unsubscribeUrl).toBe(
        `https://luxe.example.com/unsubscribe?token=tok_abcdefghijklmnopqrstuvwxyz&kind=${kind}`,
      );
      expect(e.text).toContain(e.unsubscribeUrl);
      expect(e.html).toContain(e.unsubscribeUrl.replace(/&/g, '&amp;'));
    }
  });

  it('says the refund amount of a cancelled booking, in both parts', () => {
    const e = renderEmail('booking-cancelled', draft, to, 'http://127.0.0.1:5200/');
    expect(e.subject).toBe('Booking cancelled: Sky Lounge on 2026-12-05 at 23:00 is cancelled.');
    expect(e.text).toContain('A refund of $12.50 goes back to your card.');
    expect(e.html).toContain('A refund of $12.50 goes back to your card.');
  });

  it("escapes the member's words in the HTML", () => {
    const e = renderEmail(
      'invite-received',
      { ...draft, kind: 'invite-received', title: 'Eve <script>alert(1)</script> invited you' },
      to,
      'https://x.test',
    );
    expect(e.html).not.toContain('<script>');
    expect(e.html).toContain('Eve &lt;script&gt;alert(1)&lt;/script&gt; invited you');
    expect(e.html).toContain('Hi Ada &lt;b&gt;,');
  });

  it('encodes the token in the unsubscribe link', () => {
    expect(unsubscribeUrl('https://x.test', 'a&b', 'booking-confirmed')).toBe(
      'https://x.test/unsubscribe?token=a%26b&kind=booking-confirmed',
    );
  });
});

describe('email retry backoff', () => {
  it('doubles from 2 s and stops at 10 minutes', () => {
    expect([1, 2, 3, 4].map(backoffMs)).toEqual([2000, 4000, 8000, 16000]);
    expect(backoffMs(30)).toBe(600_000);
  });
});
