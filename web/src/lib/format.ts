import { format, parseISO } from 'date-fns';
import { formatInTimeZone } from 'date-fns-tz';

/** All times are shown in America/New_York and labelled EST (docs/product.md#conventions-time). */
export const DISPLAY_TIME_ZONE = 'America/New_York';
export const TIME_FORMAT = 'h:mm a';
export const LONG_DATE_FORMAT = 'EEEE, MMM dd, yyyy';
export const SHORT_DATE_FORMAT = 'MMM dd, yyyy';
export const DATE_TIME_FORMAT = 'MMM dd, yyyy h:mm a';

export function formatInEst(date: Date | string | number, pattern: string): string {
  return formatInTimeZone(date, DISPLAY_TIME_ZONE, pattern);
}

export function formatTimeEst(date: Date | string | number): string {
  return `${formatInEst(date, TIME_FORMAT)} EST`;
}

/** A moment as date and time in New York: 'Nov 22, 2026 6:57 PM EST'. */
export function formatDateTimeEst(date: Date | string | number): string {
  return `${formatInEst(date, DATE_TIME_FORMAT)} EST`;
}

const wholeDollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const cents = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Booking totals are shown in whole dollars. */
export function formatWholeDollars(amount: number | string): string {
  return wholeDollars.format(Math.round(Number(amount)));
}

/** Prices are per hour: '$1,500/hr', or '$99.50/hr' when there are cents. */
export function formatPricePerHour(amount: number | string): string {
  const value = Number(amount);
  return `${(Number.isInteger(value) ? wholeDollars : cents).format(value)}/hr`;
}

/** Amounts at payment: dollars with 2 decimals ('$2,500.00'). */
export function formatDollars(amount: number | string): string {
  return cents.format(Number(amount));
}

/** A clock time 'HH:mm' as shown: '18:00' → '6:00 PM', '00:00' → '12:00 AM'. */
export function formatClockTime(time: string): string {
  const [h = 0, m = 0] = time.split(':').map(Number);
  const hour12 = h % 12 === 0 ? 12 : h % 12;
  return `${hour12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

/** A calendar date 'yyyy-MM-dd' in long US form: 'Sunday, November 22, 2026'. */
export function formatLongDate(date: string): string {
  return format(parseISO(date), 'EEEE, MMMM d, yyyy');
}

/** '1 hour', '4 hours'. */
export function formatHours(hours: number): string {
  return `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
}

/** A money amount: whole dollars when it has no cents ('$2,500'), else with cents ('$330.01'): deposits and balances. */
export function formatMoney(amount: number | string): string {
  const value = Number(amount);
  return Math.round(value * 100) % 100 === 0 ? wholeDollars.format(Math.round(value)) : cents.format(value);
}
