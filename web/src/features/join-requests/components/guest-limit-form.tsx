import { useEffect, useId, useState, type FormEvent } from 'react';
import { WAITLIST_MESSAGES, type GuestList } from '@luxe/contracts';
import { Button } from '../../../components/ui/button';
import { FieldError } from '../../../components/ui/field-error';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { toast } from '../../../components/ui/toast';
import { serverMessage } from '../../../lib/api-client';
import { useSetGuestLimit } from '../api/guest-list';

/**
 * The host's guest limit of one event (docs/product.md#social-guest-list):
 * how many are on the list, the limit (editable,
 * at most the section's capacity less the host and his friends) and 'Remove Limit'. The server
 * checks everything again; its message is shown under the field.
 */
export function GuestLimitForm({ bookingId, list }: { bookingId: string; list: GuestList }) {
  const id = useId();
  const inputId = `${id}-limit`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const [value, setValue] = useState(list.guestLimit?.toString() ?? '');
  const [error, setError] = useState<string | undefined>();
  const save = useSetGuestLimit(bookingId);

  useEffect(() => setValue(list.guestLimit?.toString() ?? ''), [list.guestLimit]);

  const submit = (guestLimit: number | null) => {
    setError(undefined);
    save.mutate(guestLimit, {
      onSuccess: () =>
        toast({ title: guestLimit === null ? WAITLIST_MESSAGES.limitCleared : WAITLIST_MESSAGES.limitSaved }),
      onError: (e) => setError(serverMessage(e, WAITLIST_MESSAGES.limitFailed)),
    });
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const n = Number(value);
    if (!value.trim() || !Number.isInteger(n) || n < 1) return setError(WAITLIST_MESSAGES.guestLimit);
    if (list.maxGuestLimit !== null && n > list.maxGuestLimit) return setError(WAITLIST_MESSAGES.overCapacity);
    submit(n);
  };

  // Accepted invites count too, though they are not join requests listed below.
  const invited = Math.max(0, list.approvedCount - list.approved.length);
  const onList = `${list.guestLimit === null ? `${list.approvedCount} on the list, no limit` : `${list.approvedCount} of ${list.guestLimit} on the list`}${invited ? ` (${invited} by invite)` : ''}`;
  const hint =
    list.maxGuestLimit === null
      ? 'Approvals past the limit join the waitlist.'
      : `Up to ${list.maxGuestLimit} (the section holds ${list.capacity}, including you and your friends). Approvals past the limit join the waitlist.`;

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-3 rounded-2xl border border-white/10 bg-white/[0.03] p-4"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={`${id}-title`} className="text-sm font-semibold tracking-wide text-gold-200 uppercase">
          Guest Limit
        </h3>
        <p className="text-sm text-neutral-200" data-testid="guest-count">
          {onList}
        </p>
      </div>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-2">
        <Label htmlFor={inputId}>Guest limit</Label>
        <div className="flex flex-col gap-2 min-[400px]:flex-row">
          <Input
            id={inputId}
            type="number"
            inputMode="numeric"
            min={1}
            max={list.maxGuestLimit ?? undefined}
            step={1}
            placeholder="No limit"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${hintId} ${errorId}` : hintId}
            className="min-[400px]:w-32"
          />
          <Button type="submit" size="sm" disabled={save.isPending} className="min-[400px]:self-center">
            Save Limit
          </Button>
          {list.guestLimit !== null ? (
            <Button
              type="button"
              variant="secondary"
              size="sm"
              disabled={save.isPending}
              onClick={() => submit(null)}
              className="min-[400px]:self-center"
            >
              Remove Limit
            </Button>
          ) : null}
        </div>
        <p id={hintId} className="text-xs text-neutral-300">
          {hint}
        </p>
        <FieldError id={errorId} message={error} />
      </form>
    </section>
  );
}
