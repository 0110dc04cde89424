import { useEffect, useRef } from 'react';
import { Button } from '../../../components/ui/button';

/**
 * The end of a paged list: a "Load more" button (reachable by keyboard and screen readers, and
 * the way without scrolling) that also presses itself when it comes into view, some way before
 * the bottom of the screen, and again after a page if it is still in view. Where
 * IntersectionObserver is missing, the button alone. It stays enabled while loading (a disabled
 * button would drop the keyboard's focus); a press then does nothing.
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
  /** False after a page failed: no more pages by themselves, only when pressed (no retry loop). */
  auto?: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const visible = useRef(false);
  // The latest callback and state, read by one observer for the element's life (not one per render).
  const latest = useRef({ loading, onLoadMore, auto });
  latest.current = { loading, onLoadMore, auto };
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        visible.current = entries.some((e) => e.isIntersecting);
        if (visible.current && latest.current.auto && !latest.current.loading) latest.current.onLoadMore();
      },
      { rootMargin: '0px 0px 600px 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  // A page came in and the end is still in view (a tall screen): the next one.
  useEffect(() => {
    if (!loading && visible.current && latest.current.auto) latest.current.onLoadMore();
  }, [loading]);
  return (
    <div ref={ref} data-testid="load-more" className="flex justify-center">
      <Button type="button" variant="secondary" aria-busy={loading} onClick={() => loading || onLoadMore()}>
        {loading ? loadingLabel : label}
      </Button>
    </div>
  );
}
