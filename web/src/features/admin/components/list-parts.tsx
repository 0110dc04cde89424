import { useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { ADMIN_MESSAGES, adminUsersQuerySchema } from '@luxe/contracts';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { ListSkeleton } from '../../../components/ui/list-skeleton';
import { Select } from '../../../components/ui/select';
import { toast } from '../../../components/ui/toast';
import { isAdminSessionError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';

/** The search box asks the server this long after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 300;

/** `value`, once it has stopped changing for `delay` ms. */
export function useDebouncedValue<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/** The page of a list, back to 1 whenever `resetKey` (its search and filters) changes. */
export function usePage(resetKey: string): Paging {
  const [state, setState] = useState({ key: resetKey, page: 1 });
  const page = state.key === resetKey ? state.page : 1;
  return { page, onPage: (next) => setState({ key: resetKey, page: next }) };
}

export interface Paging {
  page: number;
  onPage: (page: number) => void;
}

/**
 * A list's search box and page: the server is asked once typing pauses (`term`, undefined when
 * empty), and a new term or a change of `filters` goes back to page 1.
 */
export function useSearchedPage(...filters: string[]) {
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const paging = usePage(JSON.stringify([term, ...filters]));
  return { term: term || undefined, paging, searchField: { value: search, onChange: setSearch } };
}

/** A load failure is told once per failure in a toast ('Error Loading Dashboard'); a refused token is not (the console is leaving). */
export function useLoadFailureToast(
  query: Pick<UseQueryResult, 'isError' | 'error' | 'errorUpdatedAt'>,
  message: string,
) {
  const { isError, error, errorUpdatedAt } = query;
  useEffect(() => {
    if (isError && !isAdminSessionError(error))
      toast({ variant: 'destructive', title: ADMIN_MESSAGES.loadFailedTitle, description: message });
  }, [isError, error, errorUpdatedAt, message]);
}

/** The longest search the lists take (the contract's rule, the same for every list). */
export const SEARCH_MAX_LENGTH = adminUsersQuerySchema.shape.search.unwrap().maxLength ?? undefined;

export function SearchField({
  id,
  label,
  value,
  onChange,
  placeholder,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
}) {
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="search"
        autoComplete="off"
        maxLength={SEARCH_MAX_LENGTH}
        value={value}
        placeholder={placeholder}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

export interface Option<V extends string> {
  value: V;
  label: string;
}

export function FilterSelect<V extends string>({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: V;
  options: readonly Option<V>[];
  onChange: (value: V) => void;
}) {
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <Select id={id} value={value} onChange={(e) => onChange(e.target.value as V)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
    </div>
  );
}

/** The search box and filters of a tab: one column on a phone, side by side from `sm`. */
export function ListControls({ children }: { children: ReactNode }) {
  return <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">{children}</div>;
}

/** A loading, empty or error message in place of a list (status, or alert for errors). */
export function ListMessage({
  title,
  detail,
  tone = 'neutral',
  busy,
  action,
}: {
  title: string;
  detail?: ReactNode;
  tone?: 'neutral' | 'error';
  busy?: boolean;
  action?: ReactNode;
}) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      aria-busy={busy || undefined}
      className="flex flex-col items-center gap-2 rounded-3xl border border-white/10 bg-neutral-900/50 px-6 py-10 text-center"
    >
      <p className={tone === 'error' ? 'font-semibold text-red-300' : 'font-semibold text-neutral-100'}>{title}</p>
      {detail ? <p className="text-sm text-neutral-400">{detail}</p> : null}
      {action}
    </div>
  );
}

/** Previous / 'Page n of m' / Next under a list. */
export function Pager({
  label,
  page,
  pageSize,
  total,
  onPage,
  busy,
}: {
  label: string;
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  busy?: boolean;
}) {
  const pages = Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-between gap-3">
      <Button type="button" variant="secondary" size="sm" disabled={page <= 1 || busy} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <p aria-live="polite" className="text-sm text-neutral-300">
        Page {page} of {pages}
      </p>
      <Button
        type="button"
        variant="secondary"
        size="sm"
        disabled={page >= pages || busy}
        onClick={() => onPage(page + 1)}
      >
        Next
      </Button>
    </nav>
  );
}

interface PagedListProps<P, T> {
  query: UseQueryResult<P>;
  rows: (page: P) => T[];
  noun: string;
  errorDetail: string;
  emptyTitle: string;
  paging: Paging;
}

/**
 * The list part of a tab: loading, error (with Try Again), empty, or the rows and the pager.
 * `query` is a paged list query; `rows` picks the page's items.
 */
export function PagedList<P extends { page: number; pageSize: number; total: number }, T>({
  query,
  rows,
  noun,
  errorDetail,
  emptyTitle,
  paging: { page, onPage },
  children,
}: PagedListProps<P, T> & { children: (items: T[]) => ReactNode }) {
  useLoadFailureToast(query, errorDetail);
  // Drawn as the rows it will have, like the app's other lists (docs/product.md#conventions-feedback).
  if (query.isPending) return <ListSkeleton label={`Loading ${noun}...`} />;
  if (query.isError)
    return (
      <ListMessage
        tone="error"
        title={ADMIN_MESSAGES.loadFailedTitle}
        detail={errorDetail}
        action={
          <Button type="button" variant="secondary" size="sm" className="mt-2" onClick={() => void query.refetch()}>
            Try Again
          </Button>
        }
      />
    );
  const data = query.data;
  const items = rows(data);
  return (
    <div aria-busy={query.isPlaceholderData || undefined}>
      {items.length === 0 ? <ListMessage title={emptyTitle} /> : children(items)}
      {data.total > 0 ? (
        <Pager
          label={`${capitalize(noun)} pages`}
          page={page}
          pageSize={data.pageSize}
          total={data.total}
          onPage={onPage}
          busy={query.isPlaceholderData}
        />
      ) : null}
    </div>
  );
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

export interface Column<T> {
  label: string;
  render: (row: T) => ReactNode;
}

/**
 * Rows as stacked cards on a phone (each value under its label) and as a table-like grid from
 * `md` (one header line, the labels kept for screen readers). One markup for both: a list of
 * items, each a description list, named by `rowLabel`.
 * A decision often replaces the button that had the focus (Approve goes, Suspend becomes
 * Reinstate): the focus then moves to its row instead of falling back to the page.
 */
/** Width of the actions column from `md`, by how many buttons a row has at most. */
const ACTIONS_WIDTH = { sm: 'md:w-40', md: 'md:w-56', lg: 'md:w-72' } as const;

interface DataListProps<T> {
  label: string;
  rowKey: (row: T) => string;
  rowLabel: (row: T) => string;
  columns: Column<T>[];
  template: string;
  actions?: (row: T) => ReactNode;
  actionsWidth?: keyof typeof ACTIONS_WIDTH;
}

export function DataList<T>({
  label,
  items,
  rowKey,
  rowLabel,
  columns,
  template,
  actions,
  actionsWidth = 'sm',
}: DataListProps<T> & { items: T[] }) {
  const style = { '--cols': template } as CSSProperties;
  const rowElements = useRef(new Map<string, HTMLLIElement>());
  const lastRow = useRef<string | null>(null);
  useEffect(() => {
    const active = document.activeElement;
    if (lastRow.current && (active === null || active === document.body))
      rowElements.current.get(lastRow.current)?.focus();
  });
  return (
    <div>
      <div
        aria-hidden="true"
        className="hidden gap-4 border-b border-white/10 px-4 pb-2 text-xs font-semibold uppercase tracking-wider text-neutral-400 md:flex"
      >
        <div className="grid flex-1 grid-cols-(--cols) gap-4" style={style}>
          {columns.map((c) => (
            <span key={c.label}>{c.label}</span>
          ))}
        </div>
        {actions ? <span className={cn('shrink-0 text-right', ACTIONS_WIDTH[actionsWidth])}>Actions</span> : null}
      </div>
      <ul aria-label={label} className="flex flex-col gap-3 md:gap-0">
        {items.map((row) => (
          <li
            key={rowKey(row)}
            ref={(el) => {
              if (el) rowElements.current.set(rowKey(row), el);
              else rowElements.current.delete(rowKey(row));
            }}
            tabIndex={-1}
            onFocus={() => (lastRow.current = rowKey(row))}
            aria-label={rowLabel(row)}
            className="flex flex-col gap-4 rounded-2xl border border-white/10 bg-neutral-900/70 p-4 focus-visible:outline-2 focus-visible:outline-gold-400 md:flex-row md:items-center md:rounded-none md:border-x-0 md:border-t-0 md:bg-transparent"
          >
            <dl className="grid flex-1 gap-2 text-sm md:grid-cols-(--cols) md:gap-4" style={style}>
              {columns.map((c) => (
                <div key={c.label} className="flex min-w-0 justify-between gap-3 md:block">
                  <dt className="shrink-0 text-neutral-400 md:sr-only">{c.label}</dt>
                  <dd className="min-w-0 text-right break-words text-neutral-100 md:text-left">{c.render(row)}</dd>
                </div>
              ))}
            </dl>
            {actions ? (
              <div className={cn('flex flex-wrap gap-2 md:shrink-0 md:justify-end', ACTIONS_WIDTH[actionsWidth])}>
                {actions(row)}
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A tab's paged list drawn as a DataList: what every admin tab shows. */
export function PagedDataList<P extends { page: number; pageSize: number; total: number }, T>({
  query,
  rows,
  noun,
  errorDetail,
  emptyTitle,
  paging,
  ...list
}: PagedListProps<P, T> & DataListProps<T>) {
  return (
    <PagedList query={query} rows={rows} noun={noun} errorDetail={errorDetail} emptyTitle={emptyTitle} paging={paging}>
      {(items) => <DataList {...list} items={items} />}
    </PagedList>
  );
}

/** A row's small action button; `name` says what it does to which row (the visible text is one word). */
export function RowAction({
  name,
  variant = 'primary',
  pending,
  onClick,
  children,
}: {
  name: string;
  variant?: 'primary' | 'secondary' | 'destructive';
  pending?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Button type="button" variant={variant} size="sm" aria-label={name} disabled={pending} onClick={onClick}>
      {children}
    </Button>
  );
}

const BADGE_TONES = {
  neutral: 'border-white/20 text-neutral-200',
  good: 'border-emerald-400/50 text-emerald-200',
  warn: 'border-gold-400/60 text-gold-200',
  bad: 'border-red-400/60 text-red-200',
} as const;

export function Badge({ tone = 'neutral', children }: { tone?: keyof typeof BADGE_TONES; children: ReactNode }) {
  return (
    <span className={cn('inline-block rounded-full border px-2.5 py-0.5 text-xs font-semibold', BADGE_TONES[tone])}>
      {children}
    </span>
  );
}
