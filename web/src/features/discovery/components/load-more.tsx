import { useEffect, useRef } from 'react';
import { Button } from '../../../components/ui/button';

/**
 * The end of a paged list: a "Load more" button (reachable by keyboard and screen readers, and
 * the way without scrolling) that also presses itself when it comes into view, some way before
 * the bottom of the screen, and again after a page if it is still in view; not after a failed
 * page (`auto` false: a press only, no retry loop). Where IntersectionObserver is missing, the
 * button alone. It stays enabled while loading (a disabled button would drop the keyboard's
 * focus); a press then does nothing.
 */
export function LoadMore({
  label,
  loadingLabel,
  loading,
  onLoadMore,
  auto = true,
}: {
  label: string;
  loadingLabel: string;
  loading: boolean;
  onLoadMore: () => void;
  auto?: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  // The latest callback and state, for the observer's callback (a press may start a page meanwhile).
  const latest = useRef({ loading, onLoadMore });
  latest.current = { loading, onLoadMore };
  // An observer while nothing loads: a new one after each page, whose first report is where the
  // end is now (still in view on a tall screen: the next page; pushed down by the new cards: none).
  useEffect(() => {
    const el = ref.current;
    if (!el || loading || !auto || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !latest.current.loading) latest.current.onLoadMore();
      },
      { rootMargin: '0px 0px 600px 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [loading, auto]);
  return (
    <div ref={ref} data-testid="load-more" className="flex justify-center">
      <Button type="button" variant="secondary" aria-busy={loading} onClick={() => loading || onLoadMore()}>
        {loading ? loadingLabel : label}
      </Button>
    </div>
  );
}
