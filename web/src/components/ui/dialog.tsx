import { useEffect, useId, useRef, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { focusIsLost, focusPageHeading } from '../../lib/focus';
import { Button } from './button';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

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

/** Open dialogs, innermost last: only the innermost one answers Escape and keeps Tab inside. */
const openDialogs: object[] = [];

/**
 * A modal dialog: focus moves inside (the first focusable element, or the panel), Tab and
 * Shift+Tab stay inside, Escape closes it, and focus returns to where it was when it closes (the
 * page's heading when that control is gone or disabled).
 * A dialog opened from another one (a confirmation over a profile) takes the keys while it is open.
 */
export function Dialog({ title, onClose, children, role = 'dialog', description, className }: DialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const root = panel.current;
    const self = {};
    openDialogs.push(self);
    const focusables = () => Array.from(root?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? []);
    (focusables()[0] ?? root)?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (openDialogs.at(-1) !== self) return;
      if (e.key === 'Escape') {
        e.stopPropagation();
        closeRef.current();
        return;
      }
      if (e.key !== 'Tab' || !root) return;
      const items = focusables();
      if (items.length === 0) {
        e.preventDefault();
        root.focus();
        return;
      }
      const first = items[0]!;
      const last = items[items.length - 1]!;
      const active = document.activeElement;
      if (e.shiftKey && (active === first || !root.contains(active))) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (active === last || !root.contains(active))) {
        e.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      const at = openDialogs.indexOf(self);
      if (at >= 0) openDialogs.splice(at, 1);
      if (previous && previous !== document.body && document.contains(previous) && !previous.matches(':disabled'))
        previous.focus();
      // Where it came from is gone or disabled (Reserve, reset once a booking is confirmed): the
      // page's heading, not <body> (WCAG 2.4.3).
      else setTimeout(() => focusIsLost() && focusPageHeading(), 0);
    };
  }, []);

  return (
    <div className="fixed inset-0 z-50 flex items-end justify-center bg-black/80 p-0 sm:items-center sm:p-4">
      <div
        ref={panel}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className={cn(
          // On a phone the sheet sits at the bottom, where the toasts show: its buttons stay above them (WCAG 2.4.11).
          'flex max-h-[92dvh] w-full max-w-lg flex-col gap-4 overflow-y-auto rounded-t-3xl border border-white/10 bg-neutral-900 p-5 pb-[calc(1.25rem+var(--toasts-reach,0px))] text-neutral-100 shadow-2xl focus:outline-none sm:rounded-3xl sm:pb-5',
          className,
        )}
      >
        <h2 id={titleId} className="font-display text-xl font-semibold text-white">
          {title}
        </h2>
        {description ? (
          <div id={descriptionId} className="text-sm text-neutral-300">
            {description}
          </div>
        ) : null}
        {children}
      </div>
    </div>
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
