import { useId, useState, type FormEvent } from 'react';
import {
  SPLIT_FALLBACK_TEXT,
  SPLIT_FALLBACKS,
  SPLIT_MAX_SHARES,
  SPLIT_MIN_SHARES,
  splitShareAmounts,
  type Split,
  type SplitFallback,
} from '@luxe/contracts';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/select';
import { toast } from '../../../components/ui/toast';
import { ApiError, serverMessage } from '../../../lib/api-client';
import { formatDateTimeEst, formatDollars } from '../../../lib/format';
import { useCreateSplit } from '../api/split';

export const SPLIT_TEXT = {
  title: 'Split the payment',
  people: 'Number of people paying (you included)',
  fallbackLegend: 'If a share is still unpaid at the deadline',
  submit: 'Split and get the links',
  failed: 'The payment could not be split',
  linksTitle: 'Links for your guests',
  linksHelp: 'Send each guest his link: he signs in and pays his share by card.',
  copied: 'Link copied',
  copyFailed: 'Copy the link by hand',
} as const;

/**
 * "Split the payment" on the checkout (docs/product.md#payment-split): how many people pay, and what happens to unpaid
 * shares at the deadline, stated in full with the deadline in New York time. The server computes
 * the shares and the deadline; the preview here uses the same rules.
 */
export function SplitForm({
  bookingId,
  charge,
  deadline,
  onSplit,
}: {
  bookingId: string;
  charge: number;
  deadline: Date | null;
  onSplit: (split: Split) => void;
}) {
  const id = useId();
  const [shares, setShares] = useState(2);
  const [fallback, setFallback] = useState<SplitFallback>('host-card');
  const create = useCreateSplit(bookingId);
  const each = splitShareAmounts(Math.round(charge * 100), shares);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(
      { shares, fallback },
      {
        onSuccess: onSplit,
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: SPLIT_TEXT.failed,
            description: error instanceof ApiError ? serverMessage(error, SPLIT_TEXT.failed) : SPLIT_TEXT.failed,
          }),
      },
    );
  };

  return (
    <form
      onSubmit={submit}
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-4 rounded-2xl border border-white/10 p-4"
    >
      <h3 id={`${id}-title`} className="font-semibold text-white">
        {SPLIT_TEXT.title}
      </h3>
      <div className="flex flex-col gap-2">
        <label htmlFor={`${id}-shares`} className="text-sm text-neutral-200">
          {SPLIT_TEXT.people}
        </label>
        <Select id={`${id}-shares`} value={shares} onChange={(e) => setShares(Number(e.target.value))}>
          {Array.from({ length: SPLIT_MAX_SHARES - SPLIT_MIN_SHARES + 1 }, (_, i) => i + SPLIT_MIN_SHARES).map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </Select>
        <p data-testid="split-preview" className="text-sm text-neutral-300">
          Your share {formatDollars(each[0]! / 100)}, each guest {formatDollars(each[1]! / 100)}
        </p>
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm text-neutral-200">
          {SPLIT_TEXT.fallbackLegend}
          {deadline ? ` (${formatDateTimeEst(deadline)})` : ''}
        </legend>
        {SPLIT_FALLBACKS.map((f) => (
          <label key={f} className="flex items-start gap-2 text-sm text-neutral-100">
            <input
              type="radio"
              name={`${id}-fallback`}
              value={f}
              checked={fallback === f}
              onChange={() => setFallback(f)}
              className="mt-1 accent-gold-400"
            />
            <span>{SPLIT_FALLBACK_TEXT[f]}</span>
          </label>
        ))}
      </fieldset>
      <Button type="submit" variant="secondary" disabled={create.isPending}>
        {create.isPending ? 'Splitting...' : SPLIT_TEXT.submit}
      </Button>
    </form>
  );
}

/** The guests' links with a Copy button each, and who has paid. */
export function SplitLinks({ split }: { split: Split }) {
  const copy = async (link: string) => {
    const url = `${window.location.origin}${link}`;
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: SPLIT_TEXT.copied, description: url });
    } catch {
      toast({ variant: 'destructive', title: SPLIT_TEXT.copyFailed, description: url });
    }
  };
  return (
    <section
      aria-labelledby="split-links-title"
      className="flex flex-col gap-3 rounded-2xl border border-gold-400/30 p-4"
    >
      <h3 id="split-links-title" className="font-semibold text-white">
        {SPLIT_TEXT.linksTitle}
      </h3>
      <p className="text-sm text-neutral-300">
        {SPLIT_TEXT.linksHelp} Deadline: {formatDateTimeEst(split.deadline)}. {SPLIT_FALLBACK_TEXT[split.fallback]}.
      </p>
      <p className="text-sm text-neutral-200" data-testid="split-paid-count">
        {split.paidCount} of {split.shares.length} shares paid
      </p>
      <ul className="flex flex-col gap-2">
        {split.shares.map((s) => (
          <li
            key={s.id}
            className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-neutral-800/60 p-3 text-sm"
          >
            <span className="text-neutral-100">
              {s.isHost ? 'Your share' : s.label} · {formatDollars(s.amount)} ·{' '}
              {s.status === 'pending' ? 'unpaid' : s.paidBy ? `paid by ${s.paidBy}` : s.status}
            </span>
            {s.link ? (
              <span className="flex min-w-0 items-center gap-2">
                <code className="max-w-[11rem] truncate text-xs text-neutral-300" data-testid="split-link">
                  {s.link}
                </code>
                <Button
                  type="button"
                  size="sm"
                  variant="ghost"
                  onClick={() => void copy(s.link!)}
                  aria-label={`Copy the link of ${s.label}`}
                >
                  Copy
                </Button>
              </span>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
