import * as DialogPrimitive from '@radix-ui/react-dialog';
import { useState, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { focusIsLost, focusPageHeading } from '../../lib/focus';
import { Button } from './button';

export interface DialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** 'alertdialog' for confirmations. */
  role?: 'dialog' | 'alertdialog';
  /** The text that describes the dialog (a confirmation's question). */
  description?: ReactNode;
  className?: string;
}

/**
 * A modal dialog on Radix Dialog, open while it is rendered: it is portalled to <body>, the page
 * behind is hidden from assistive technology and cannot scroll or be clicked, focus moves inside
 * (the first focusable control, links passed over, or the panel), Tab and Shift+Tab stay inside, and Escape closes
 * it. A dialog opened from another one (a confirmation over a profile) takes the keys while it is
 * open: Escape closes only the innermost. When it closes, focus returns to where it was (the page's
 * heading when that control is gone or disabled). A tap on the backdrop does not close it, as
 * before: a half-filled form is not lost to a stray tap.
 */
export function Dialog({ title, onClose, children, role = 'dialog', description, className }: DialogProps) {
  // Read while rendering, before Radix moves the focus inside: the control that opened it. Radix
  // would return the focus to a Dialog.Trigger, which the callers do not use.
  const [opener] = useState(() =>
    typeof document === 'undefined' ? null : (document.activeElement as HTMLElement | null),
  );
  const returnFocus = (event: Event) => {
    event.preventDefault();
    if (opener && opener !== document.body && opener.isConnected && !opener.matches(':disabled')) opener.focus();
    // Where it came from is gone or disabled (Reserve, reset once a booking is confirmed): the
    // page's heading, not <body> (WCAG 2.4.3).
    else if (focusIsLost()) focusPageHeading();
  };
  return (
    <DialogPrimitive.Root open onOpenChange={(open) => !open && onClose()}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 flex items-end justify-center bg-black/80 p-0 sm:items-center sm:p-4">
          <DialogPrimitive.Content
            role={role}
            aria-modal="true"
            // Without a description Radix would point aria-describedby at an element that is not there.
            {...(description ? {} : { 'aria-describedby': undefined })}
            onPointerDownOutside={(e) => e.preventDefault()}
            // Radix hears Escape before the field does: an open suggestion list (the city
            // combobox) closes first, and the dialog on the next Escape.
            onEscapeKeyDown={(e) => {
              if (e.target instanceof Element && e.target.matches('[role="combobox"][aria-expanded="true"]'))
                e.preventDefault();
            }}
            onCloseAutoFocus={returnFocus}
            className={cn(
              // On a phone the sheet sits at the bottom, where the toasts show: its buttons stay above them (WCAG 2.4.11).
              'flex max-h-[92dvh] w-full max-w-lg flex-col gap-4 overflow-y-auto rounded-t-3xl border border-white/10 bg-neutral-900 p-5 pb-[calc(1.25rem+var(--toasts-reach,0px))] text-neutral-100 shadow-2xl focus:outline-none sm:rounded-3xl sm:pb-5',
              className,
            )}
          >
            <DialogPrimitive.Title className="font-display text-xl font-semibold text-white">
              {title}
            </DialogPrimitive.Title>
            {description ? (
              <DialogPrimitive.Description asChild>
                <div className="text-sm text-neutral-300">{description}</div>
              </DialogPrimitive.Description>
            ) : null}
            {children}
          </DialogPrimitive.Content>
        </DialogPrimitive.Overlay>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

/** A yes/no question in an alert dialog: Cancel first (it takes the focus), then the destructive action. */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  pendingLabel = 'Deleting...',
  pending,
  onConfirm,
  onCancel,
}: {
  title: string;
  message: string;
  confirmLabel: string;
  /** What the action button says while the action runs. */
  pendingLabel?: string;
  pending?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog role="alertdialog" title={title} description={message} onClose={onCancel}>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button type="button" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="button" variant="destructive" disabled={pending} onClick={onConfirm}>
          {pending ? pendingLabel : confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
