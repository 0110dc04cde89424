import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { ListSkeleton } from '../../../components/ui/list-skeleton';

/** A deck that is loading: the card it will show, as the app's other lists load (one skeleton, its label heard once). */
export function DeckLoading({ text }: { text: string }) {
  return <ListSkeleton label={text} variant="card" rows={1} />;
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
