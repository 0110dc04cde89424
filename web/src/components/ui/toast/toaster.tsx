import * as ToastPrimitive from '@radix-ui/react-toast';
import { cn } from '../../../lib/cn';
import { useObscuringBar } from '../../../lib/obscuring-bars';
import { TOAST_DURATION_MS, useToast } from './toast-store';
import { Icon, ICON_PATHS } from '../icon';

/** Renders the current toast (Radix Toast: announced to screen readers, swipe to dismiss). */
export function Toaster() {
  const { toasts, dismiss } = useToast();
  const viewport = useObscuringBar<HTMLOListElement>('toasts');
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION_MS} swipeDirection="right" label="Notification">
      {toasts.map((t) => (
        <ToastPrimitive.Root
          key={t.id}
          type={t.variant === 'destructive' ? 'foreground' : 'background'}
          data-variant={t.variant}
          data-testid="toast"
          onOpenChange={(open) => {
            if (!open) dismiss(t.id);
          }}
          className={cn(
            'pointer-events-auto relative flex w-full items-start gap-3 rounded-2xl border p-4 pr-10 shadow-2xl',
            'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)]',
            'data-[state=open]:animate-[toast-in_200ms_ease-out]',
            t.variant === 'destructive'
              ? 'border-red-500/50 bg-red-950 text-red-50'
              : 'border-gold-400/40 bg-neutral-900 text-neutral-50',
          )}
        >
          <div className="grid gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold">{t.title}</ToastPrimitive.Title>
            {t.description ? (
              <ToastPrimitive.Description className="text-sm opacity-90">{t.description}</ToastPrimitive.Description>
            ) : null}
          </div>
          <ToastPrimitive.Close
            aria-label="Close"
            className="absolute right-3 top-3 rounded-full p-1 text-current opacity-70 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-gold-400"
          >
            <Icon path={ICON_PATHS.close} className="h-4 w-4" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      {/* At the bottom, above the page's bottom bar: at the top it covered the header's controls
          (the logo the focus reached after signing in). Its height joins the scroll padding, so a
          control the keyboard reaches scrolls clear of it (WCAG 2.4.11); empty, it takes no room
          and lets taps through. */}
      <ToastPrimitive.Viewport
        ref={viewport}
        className="pointer-events-none fixed inset-x-0 bottom-[var(--obscured-bottom,0px)] z-[100] mx-auto flex max-h-screen w-full max-w-md flex-col gap-2 p-4 outline-none empty:p-0 sm:right-0 sm:left-auto sm:mx-0"
      />
    </ToastPrimitive.Provider>
  );
}
