import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';

export function DeckLoading({ text }: { text: string }) {
  return (
    <p role="status" className="flex items-center justify-center gap-3 rounded-3xl border border-white/10 bg-neutral-900/70 p-8 text-sm text-neutral-300">
      <span aria-hidden="true" className="h-5 w-5 animate-spin rounded-full border-2 border-gold-400 border-t-transparent motion-reduce:animate-none" />
      {text}
    </p>
  );
}

export function DeckError({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-start gap-3 rounded-3xl border border-white/10 bg-neutral-900/70 p-6">
      <p className="text-sm text-red-300">{text}</p>
      <Button type="button" variant="secondary" size="sm" onClick={onRetry}>
        Try Again
      </Button>
    </div>
  );
}

export function DeckEmpty({ title, text, action }: { title: string; text: string; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-3xl border border-white/10 bg-neutral-900/70 p-8 text-center">
      <h2 className="font-display text-2xl font-semibold text-white">{title}</h2>
      <p className="text-sm text-neutral-300">{text}</p>
      {action}
    </div>
  );
}
