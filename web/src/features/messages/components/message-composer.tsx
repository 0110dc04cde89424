import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { MESSAGE_LIMITS, MESSAGE_MESSAGES, messageInputSchema } from '@luxe/contracts';
import { Button } from '../../../components/ui/button';
import { FieldError } from '../../../components/ui/field-error';
import { Label } from '../../../components/ui/label';
import { serverMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { focusIsLost } from '../../../lib/focus';
import { useSendMessage } from '../api/conversations';

const SEND_FAILED = 'Failed to send message';

/**
 * Writes one message (docs/product.md#messaging-conversations): at most 1000 characters, Send
 * disabled while the trimmed text is empty, the text trimmed before sending; cleared once sent.
 * Enter sends, Shift+Enter starts a new line.
 */
export function MessageComposer({
  userId,
  conversationId,
  recipientName,
}: {
  userId: string;
  conversationId: string;
  recipientName: string;
}) {
  const id = useId();
  const fieldId = `${id}-message`;
  const countId = `${id}-count`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  // Send is disabled while the message goes (and stays so once the field is cleared): the focus it
  // held fell to the page. It goes back to the field, for the next message (WCAG 2.4.3).
  const refocus = () => {
    if (focusIsLost()) field.current?.focus();
  };
  const send = useSendMessage(userId, conversationId, {
    onSuccess: () => {
      setText('');
      setTimeout(refocus, 0);
    },
  });
  const blank = text.trim().length === 0;
  const tooLong = text.length > MESSAGE_LIMITS.content;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (blank || send.isPending) return;
    const parsed = messageInputSchema.safeParse({ content: text });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? MESSAGE_MESSAGES.empty);
      return;
    }
    setError(null);
    send.mutate(parsed.data.content, {
      onError: (e) => {
        setError(serverMessage(e, SEND_FAILED));
        setTimeout(refocus, 0);
      },
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      event.currentTarget.form?.requestSubmit();
    }
  };

  return (
    <form noValidate onSubmit={submit} aria-label={`Message ${recipientName}`} className="flex flex-col gap-2">
      <Label htmlFor={fieldId} className="sr-only">
        Message {recipientName}
      </Label>
      <div className="flex items-end gap-2">
        <textarea
          ref={field}
          id={fieldId}
          rows={2}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            if (error) setError(null);
          }}
          onKeyDown={onKeyDown}
          placeholder="Type a message..."
          aria-invalid={error ? true : undefined}
          aria-describedby={cn(hintId, countId, error ? errorId : null)}
          className="block min-h-12 w-full resize-none rounded-xl border border-white/10 bg-white/5 px-4 py-3 text-base text-white placeholder:text-neutral-400 focus:border-gold-400 focus:outline-none focus:ring-2 focus:ring-gold-400/40 aria-[invalid=true]:border-red-400"
        />
        <Button type="submit" disabled={blank || send.isPending} className="shrink-0">
          {send.isPending ? 'Sending...' : 'Send'}
        </Button>
      </div>
      <div className="flex items-start justify-between gap-3 text-xs">
        <p id={hintId} className="text-neutral-400">
          Enter to send, Shift+Enter for a new line
        </p>
        <p
          id={countId}
          data-testid="message-count"
          className={tooLong ? 'shrink-0 text-red-300' : 'shrink-0 text-neutral-400'}
        >
          {text.length}/{MESSAGE_LIMITS.content}
        </p>
      </div>
      <FieldError id={errorId} message={error ?? undefined} />
    </form>
  );
}
