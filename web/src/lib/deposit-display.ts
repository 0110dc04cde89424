import type { Booking } from '@luxe/contracts';
import { formatMoney } from './format';

/** One line of a booking's money: its label, the amount as shown, and a test id suffix. */
export interface DepositRow {
  key: 'deposit' | 'balance';
  label: string;
  value: string;
}

/**
 * The deposit and the balance due at the venue of a section booking
 * (docs/product.md#booking-deposits): the deposit when one was taken ('Deposit due' while its
 * payment is held), and the balance always. A yacht is paid in full when booked: its total says it
 * all, so nothing is added.
 */
export function depositRows(b: Pick<Booking, 'venueType' | 'status' | 'depositAmount' | 'balanceDue'>): DepositRow[] {
  if (b.venueType === 'yacht') return [];
  const rows: DepositRow[] = [];
  if (Number(b.depositAmount) > 0)
    rows.push({
      key: 'deposit',
      label: b.status === 'held' ? 'Deposit due' : 'Deposit paid',
      value: formatMoney(b.depositAmount),
    });
  rows.push({ key: 'balance', label: 'Balance due at venue', value: formatMoney(b.balanceDue) });
  return rows;
}
