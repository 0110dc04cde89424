import type { ReactNode } from 'react';
import { QueryError } from '../../../components/query-state';
import { ListSkeleton } from '../../../components/ui/list-skeleton';

/** A deck that is loading: the card it will show, as the app's other lists load (one skeleton, its label heard once). */
export function DeckLoading({ text }: { text: string }) {
  return <ListSkeleton label={text} variant="card" rows={1} />;
}

export function DeckError({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <QueryError text={text} onRetry={onRetry} className="rounded-3xl border border-white/10 bg-neutral-900/70 p-6" />
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
