import { useEffect, useRef, useState, type RefObject } from 'react';
import { Button } from './ui/button';

/**
 * The words of a paged list's end, from its noun ('Venues'): the button, while it loads, a failed
 * page, how many are shown.
 */
export function moreTexts(noun: string) {
  const n = noun.toLowerCase();
  return {
    loadMore: `Load more ${n}`,
    loadingMore: `Loading more ${n}...`,
    error: `Could not load more ${n}. Please try again.`,
    shown: (count: number) => `${count} ${n} shown`,
  };
}

/**
 * The end of a paged list: a "Load more" button (reachable by keyboard and screen readers, and
 * the way without scrolling) that also presses itself when it comes into view, some way before
 * the edge of the screen the list grows at, and again after a page if it is still in view; not
 * after a failed page (`auto` false: a press only, no retry loop). Where IntersectionObserver is
 * missing, the button alone. It stays enabled while loading (a disabled button would drop the
 * keyboard's focus); a press then does nothing. `grows` says where the new items come: 'down'
 * (the end of a list) or 'up' (a thread's older messages, the button at its top).
 */
export function LoadMore({
  label,
  loadingLabel,
  loading,
  onLoadMore,
  auto = true,
  grows = 'down',
}: {
  label: string;
  loadingLabel: string;
  loading: boolean;
  onLoadMore: () => void;
  auto?: boolean;
  grows?: 'down' | 'up';
}) {
  const ref = useRef<HTMLDivElement>(null);
  // The latest callback and state, for the observer's callback (a press may start a page meanwhile).
  const latest = useRef({ loading, onLoadMore });
  latest.current = { loading, onLoadMore };
  // An observer while nothing loads: a new one after each page, whose first report is where the
  // end is now (still in view on a tall screen: the next page; pushed away by the new items: none).
  useEffect(() => {
    const el = ref.current;
    if (!el || loading || !auto || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !latest.current.loading) latest.current.onLoadMore();
      },
      { rootMargin: grows === 'down' ? '0px 0px 600px 0px' : '0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [loading, auto, grows]);
  return (
    <div ref={ref} data-testid="load-more" className="flex justify-center">
      <Button type="button" variant="secondary" aria-busy={loading} onClick={() => loading || onLoadMore()}>
        {loading ? loadingLabel : label}
      </Button>
    </div>
  );
}

/** What useLoadMore reads of a useInfiniteQuery result. */
export interface PagedQuery {
  fetchNextPage: () => Promise<unknown>;
  hasNextPage: boolean;
  dataUpdatedAt: number;
  errorUpdatedAt: number;
}

/**
 * The press of a list's LoadMore (inside `container`), and where the keyboard's focus goes when
 * the button leaves with the last page: a keyboard user on it would be dropped to the page's body,
 * so `onLastPage(countBefore)` puts it on what the last page brought (`countBefore`: how many items
 * were shown before it). That is whoever started the page (a press, or the list's end scrolling
 * into view while the keyboard then reached the button), and only if the button still held the
 * focus as the page came: one the member moved on elsewhere meanwhile stays. A failed page keeps
 * the button, and the focus on it; a page with more after it too.
 */
export function useLoadMore(
  query: PagedQuery,
  container: RefObject<HTMLElement | null>,
  count: number,
  onLastPage: (countBefore: number) => void,
): () => void {
  const [asked, setAsked] = useState<{ countBefore: number; since: number } | null>(null);
  const latestOnLastPage = useRef(onLastPage);
  latestOnLastPage.current = onLastPage;
  // Read while rendering, before React commits what removes the button: whether it has the focus.
  // (A focused element that leaves the document gets no blur to listen to in every browser.)
  const focusedOnButton = useRef(false);
  focusedOnButton.current = !!container.current
    ?.querySelector('[data-testid="load-more"]')
    ?.contains(document.activeElement);
  const { dataUpdatedAt, errorUpdatedAt, hasNextPage } = query;
  useEffect(() => {
    if (!asked) return;
    if (errorUpdatedAt >= asked.since) return setAsked(null);
    if (dataUpdatedAt < asked.since) return;
    const lost = !document.activeElement || document.activeElement === document.body;
    if (!hasNextPage && lost && focusedOnButton.current) latestOnLastPage.current(asked.countBefore);
    setAsked(null);
  }, [asked, dataUpdatedAt, errorUpdatedAt, hasNextPage]);
  return () => {
    setAsked({ countBefore: count, since: Date.now() });
    void query.fetchNextPage();
  };
}
