import { EMAIL_KIND_LABELS, type EmailKind } from '@luxe/contracts';
import type { NotificationDraft } from '../inbox/notification.texts';

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
  /** The page that turns this kind of email off for the member (also the List-Unsubscribe header). */
  unsubscribeUrl: string;
}

/** Per kind: the subject (from the notification's words) and the button's label. */
const TEMPLATES: Record<EmailKind, { subject: (d: NotificationDraft) => string; action: string }> = {
  'booking-confirmed': { subject: (d) => `Booking confirmed: ${d.body}`, action: 'See your booking' },
  'booking-cancelled': { subject: (d) => `Booking cancelled: ${d.body}`, action: 'See your bookings' },
  'booking-reminder': { subject: (d) => d.title, action: 'See the booking' },
  'refund-issued': { subject: () => 'Your refund is on its way', action: 'See your bookings' },
  'invite-received': { subject: (d) => d.title, action: 'See the invite' },
  'join-request-approved': { subject: (d) => `You're in: ${d.body}`, action: 'See your events' },
  'join-request-declined': { subject: () => 'Your join request was declined', action: 'Discover other events' },
  'message-received': { subject: (d) => d.title, action: 'Open your messages' },
  'venue-approved': { subject: (d) => d.title, action: 'Open your venue dashboard' },
  'venue-rejected': { subject: (d) => d.title, action: 'Open your venue dashboard' },
  'account-suspended': { subject: () => 'Your LuxeSwipe account is suspended', action: 'Read our safety guidelines' },
};

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The link to a web route of the app from an email (absolute, on the public web URL). */
export function absolute(webUrl: string, route: string): string {
  return new URL(route, webUrl.endsWith('/') ? webUrl : `${webUrl}/`).toString();
}

/** The unsubscribe page of one kind for a member (his token is the only key: no sign-in from an email). */
export function unsubscribeUrl(webUrl: string, token: string, kind: EmailKind): string {
  return absolute(webUrl, `/unsubscribe?token=${encodeURIComponent(token)}&kind=${encodeURIComponent(kind)}`);
}

/** The parts of an email: what it says, its button, and the footer saying why it was sent. */
interface EmailParts {
  title: string;
  greeting: string;
  lines: string[];
  action: string;
  link: string;
  footerText: string[];
  footerHtml: string;
}

/** Plain text and HTML in the brand's look (black and gold), the button to `link`, the footer. */
function layout(p: EmailParts): { text: string; html: string } {
  const text = [p.greeting, '', p.title, ...p.lines, '', `${p.action}: ${p.link}`, '', '—', ...p.footerText].join('\n');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(p.title)}</title></head>
<body style="margin:0;background:#0a0a0a;color:#f5f5f5;font-family:Helvetica,Arial,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#0a0a0a"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;background:#171717;border:1px solid #3f3f3f;border-radius:16px">
<tr><td style="padding:28px 28px 8px;font-size:20px;font-weight:bold;letter-spacing:2px;color:#d4af37">LUXESWIPE</td></tr>
<tr><td style="padding:8px 28px;font-size:15px;color:#d4d4d4">${escapeHtml(p.greeting)}</td></tr>
<tr><td style="padding:8px 28px;font-size:22px;font-weight:bold;color:#ffffff">${escapeHtml(p.title)}</td></tr>
${p.lines.map((l) => `<tr><td style="padding:4px 28px;font-size:15px;line-height:1.5;color:#e5e5e5">${escapeHtml(l)}</td></tr>`).join('\n')}
<tr><td style="padding:20px 28px 28px"><a href="${escapeHtml(p.link)}" style="display:inline-block;background:#d4af37;color:#0a0a0a;text-decoration:none;font-weight:bold;padding:12px 20px;border-radius:999px">${escapeHtml(p.action)}</a></td></tr>
</table>
<p style="max-width:520px;font-size:12px;line-height:1.5;color:#a3a3a3">${p.footerHtml}</p>
</td></tr></table>
</body></html>`;
  return { text, html };
}

const greetingOf = (firstName: string) => `Hi ${firstName || 'there'},`;

/**
 * The email of a notification: what it says, the button to what it is about, and the unsubscribe
 * link of its kind.
 */
export function renderEmail(
  kind: EmailKind,
  d: NotificationDraft,
  to: { firstName: string; unsubscribeToken: string },
  webUrl: string,
): RenderedEmail {
  const t = TEMPLATES[kind];
  const unsubscribe = unsubscribeUrl(webUrl, to.unsubscribeToken, kind);
  const { text, html } = layout({
    title: d.title,
    greeting: greetingOf(to.firstName),
    lines: [...d.body.split('\n'), ...(d.detail ? [d.detail] : [])],
    action: t.action,
    link: absolute(webUrl, d.link),
    footerText: [
      `LuxeSwipe. You get this email because "${EMAIL_KIND_LABELS[kind]}" emails are on in your settings.`,
      `Stop these emails: ${unsubscribe}`,
    ],
    footerHtml: `You get this email because &ldquo;${escapeHtml(EMAIL_KIND_LABELS[kind])}&rdquo; emails are on in your settings. <a href="${escapeHtml(unsubscribe)}" style="color:#d4af37">Unsubscribe</a>`,
  });
  return { subject: t.subject(d), text, html, unsubscribeUrl: unsubscribe };
}

/** The password-reset email: the link with its token, how long it works, and what to do if it was not you. */
export function renderPasswordReset(
  to: { firstName: string },
  token: string,
  minutes: number,
  webUrl: string,
): Omit<RenderedEmail, 'unsubscribeUrl'> {
  const { text, html } = layout({
    title: 'Choose a new password',
    greeting: greetingOf(to.firstName),
    lines: [
      `Someone asked to reset the password of your LuxeSwipe account. The link works once, for ${minutes} minutes.`,
      'If it was not you, ignore this email: your password stays as it is.',
    ],
    action: 'Choose a new password',
    link: absolute(webUrl, `/reset-password?token=${encodeURIComponent(token)}`),
    footerText: ['LuxeSwipe. You get this email because a password reset was asked for this address.'],
    footerHtml: 'You get this email because a password reset was asked for this address.',
  });
  return { subject: 'Reset your LuxeSwipe password', text, html };
}

/** The verification email: the link with its token, and that nothing waits for it. */
export function renderEmailVerification(
  to: { firstName: string },
  token: string,
  hours: number,
  webUrl: string,
): Omit<RenderedEmail, 'unsubscribeUrl'> {
  const { text, html } = layout({
    title: 'Verify your email',
    greeting: greetingOf(to.firstName),
    lines: [
      `Open the link to verify the email of your LuxeSwipe account: verified members carry a badge hosts and guests can see. The link works for ${hours} hours.`,
      'If you did not make an account, ignore this email.',
    ],
    action: 'Verify my email',
    link: absolute(webUrl, `/verify-email?token=${encodeURIComponent(token)}`),
    footerText: [
      'LuxeSwipe. You get this email because an account was made, or a new link asked for, with this address.',
    ],
    footerHtml: 'You get this email because an account was made, or a new link asked for, with this address.',
  });
  return { subject: 'Verify your LuxeSwipe email', text, html };
}
