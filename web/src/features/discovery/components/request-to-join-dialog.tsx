import { useId, useState, type FormEvent } from 'react';
import { JOIN_REQUEST_MESSAGES, joinRequestInputSchema, type AvailableEvent } from '@luxe/contracts';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FieldError } from '../../../components/ui/field-error';
import { Label } from '../../../components/ui/label';
import { Textarea } from '../../../components/ui/select';
import { toast } from '../../../components/ui/toast';
import { serverMessage } from '../../../lib/api-client';
import { formatBookingDate } from '../../../lib/booking-display';
import { useRequestToJoin } from '../api/request-to-join';

/** The longest message a join request may carry (the contract's rule). */
export const JOIN_MESSAGE_MAX = 500;

/**
 * 'Request to Join' (docs/product.md#social-join-requests): an optional message to the host (at
 * most 500), Cancel and Send Request ('Sending...' while it goes). Success closes the dialog with
 * 'Request Sent!'; a failure keeps it open with the server's message, else 'Failed to send join
 * request'.
 */
export function RequestToJoinDialog({
  event,
  onSent,
  onClose,
}: {
  event: AvailableEvent;
  onSent: () => void;
  onClose: () => void;
}) {
  const id = useId();
  const fieldId = `${id}-message`;
  const countId = `${id}-count`;
  const errorId = `${id}-error`;
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = useRequestToJoin();

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (send.isPending) return;
    const parsed = joinRequestInputSchema.safeParse({ bookingId: event.bookingId, message });
    if (!parsed.success) {
      setError(parsed.error.issues.find((i) => i.path[0] === 'message')?.message ?? JOIN_REQUEST_MESSAGES.sendFailed);
      return;
    }
    setError(null);
    send.mutate(
      { bookingId: event.bookingId, message },
      {
        onSuccess: () => {
          toast({ title: 'Request Sent!', description: JOIN_REQUEST_MESSAGES.sent });
          onSent();
        },
        onError: (e) =>
          toast({
            title: 'Error',
            description: serverMessage(e, JOIN_REQUEST_MESSAGES.sendFailed),
            variant: 'destructive',
          }),
      },
    );
  };

  return (
    <Dialog
      title="Request to Join"
      description={`${event.venueName} · ${formatBookingDate(event.bookingDate)} · hosted by ${event.host.firstName}`}
      onClose={onClose}
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <div>
          <Label htmlFor={fieldId}>Message to {event.host.firstName} (optional)</Label>
          <Textarea
            id={fieldId}
            rows={4}
            value={message}
            placeholder="Say hello and tell the host who is coming..."
            onChange={(e) => {
              setMessage(e.target.value);
              if (error) setError(null);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${countId} ${errorId}` : countId}
          />
          <p
            id={countId}
            data-testid="join-message-count"
            className={
              message.length > JOIN_MESSAGE_MAX
                ? 'mt-1 text-right text-xs text-red-300'
                : 'mt-1 text-right text-xs text-neutral-400'
            }
          >
            {message.length}/{JOIN_MESSAGE_MAX}
          </p>
          <FieldError id={errorId} message={error ?? undefined} />
        </div>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button type="button" variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={send.isPending}>
            {send.isPending ? 'Sending...' : 'Send Request'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
