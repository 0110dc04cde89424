import type { ReactNode } from 'react';
import { serverMessage } from '../lib/api-client';
import { cn } from '../lib/cn';
import { Button } from './ui/button';
import { ListSkeleton } from './ui/list-skeleton';

/** What QueryState reads of a query (a react-query result has it all). */
export interface QueryLike<T> {
  isPending: boolean;
  isError: boolean;
  error?: unknown;
  data?: T;
  refetch: () => unknown;
}

/**
 * How the error looks where it shows: `card` a centred panel of its own (a list's whole place),
 * `inline` a line and the button under a panel's heading, `center` the same centred (a dialog, a
 * thread), `danger` a red panel (the dashboards' tabs).
 */
type ErrorLook = 'card' | 'inline' | 'center' | 'danger';

const ERROR_BOX: Record<ErrorLook, string> = {
  card: 'flex flex-col items-center gap-3 rounded-3xl border border-white/10 bg-neutral-900/70 p-6 text-center',
  inline: 'flex flex-col items-start gap-3',
  center: 'flex flex-col items-center gap-3 text-center',
  danger: 'flex flex-col items-start gap-3 rounded-3xl border border-red-400/40 bg-red-950/40 p-5 text-red-100',
};
const ERROR_TEXT: Record<ErrorLook, string> = {
  card: 'font-semibold text-red-300',
  inline: 'text-sm text-red-300',
  center: 'text-sm text-red-300',
  danger: '',
};

/** A query's error, announced (role="alert"), with Try Again reading it again. */
export function QueryError({
  text,
  onRetry,
  look = 'inline',
  className,
}: {
  text: string;
  onRetry: () => void;
  look?: ErrorLook;
  className?: string;
}) {
  return (
    <div role="alert" className={cn(ERROR_BOX[look], className)}>
      <p className={ERROR_TEXT[look] || undefined}>{text}</p>
      <Button type="button" variant="secondary" size="sm" onClick={onRetry}>
        Try Again
      </Button>
    </div>
  );
}

/**
 * One query's states where a list or a panel shows it: while it loads, a skeleton of its rows that
 * says `loadingLabel` (or `loading` when given); when it failed, `errorText` (a function of the error
 * for the server's own message) and Try Again, which reads it again; `empty` when `isEmpty` says the
 * answer has nothing to show; otherwise `children` with the data.
 */
export function QueryState<T>({
  query,
  loadingLabel,
  loading,
  rows,
  variant,
  skeletonClassName,
  errorText,
  errorLook,
  errorClassName,
  isEmpty,
  empty,
  children,
}: {
  query: QueryLike<T>;
  loadingLabel?: string;
  loading?: ReactNode;
  rows?: number;
  variant?: 'row' | 'card';
  skeletonClassName?: string;
  errorText: string | ((error: unknown) => string);
  errorLook?: ErrorLook;
  errorClassName?: string;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode | ((data: T) => ReactNode);
  children: (data: T) => ReactNode;
}) {
  if (query.isPending)
    return (
      loading ?? <ListSkeleton label={loadingLabel ?? ''} rows={rows} variant={variant} className={skeletonClassName} />
    );
  if (query.isError || query.data === undefined) {
    const text = typeof errorText === 'function' ? errorText(query.error) : errorText;
    return <QueryError text={text} look={errorLook} className={errorClassName} onRetry={() => void query.refetch()} />;
  }
  if (isEmpty?.(query.data)) return (typeof empty === 'function' ? empty(query.data) : empty) ?? null;
  return children(query.data);
}

/** `errorText` for the server's message when it gave one (a 4xx), else `fallback`. */
export const serverErrorText = (fallback: string) => (error: unknown) => serverMessage(error, fallback);
