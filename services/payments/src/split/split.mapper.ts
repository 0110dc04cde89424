import { money, type Split, type SplitShareIntent, type SplitSharePublic } from '@luxe/contracts';
import type { ShareRow, SplitRow } from './split.repository';

/** Cents (as stored) in the API's dollars. */
export const dollars = (cents: number) => money(cents / 100);

/**
 * The split as its host sees it (the guests' links, his own share's client secret while he has
 * not paid it) or as a guest paying a share of it does (neither).
 */
export function toSplit(split: SplitRow, shares: ShareRow[], viewerId: string): Split {
  const forHost = split.host_id === viewerId;
  const host = shares.find((s) => s.is_host);
  return {
    id: split.id,
    bookingId: split.booking_id,
    fallback: split.fallback,
    status: split.status,
    deadline: new Date(split.deadline).toISOString(),
    total: dollars(split.total),
    paidCount: shares.filter((s) => s.status === 'paid' || s.status === 'covered-by-host').length,
    shares: shares.map((s) => ({
      id: s.id,
      label: s.is_host ? 'Host' : `Guest ${s.position}`,
      isHost: s.is_host,
      amount: dollars(s.amount),
      status: s.status,
      paidBy: !s.is_host && s.status !== 'pending' ? s.payer_first_name : null,
      link: forHost && !s.is_host && s.token ? `/split/${s.token}` : null,
    })),
    hostClientSecret: forHost && host?.status === 'pending' && split.status === 'open' ? host.client_secret : null,
  };
}

/** What anyone with a share's link may see (`open`: whether it can be paid now). */
export function toSharePublic(split: SplitRow, share: ShareRow, open: boolean): SplitSharePublic {
  return {
    venueName: split.venue_name,
    bookingDate: split.booking_date,
    startTime: split.start_time,
    amount: dollars(share.amount),
    status: share.status,
    deadline: new Date(split.deadline).toISOString(),
    open,
  };
}

/** A share's PaymentIntent for its payer. */
export function toShareIntent(s: Pick<ShareRow, 'client_secret' | 'payment_intent_id' | 'amount'>): SplitShareIntent {
  return { clientSecret: s.client_secret ?? '', paymentIntentId: s.payment_intent_id ?? '', amount: dollars(s.amount) };
}
