import { HttpResponse } from 'msw';
import { vi } from 'vitest';
import { NEXT_CURSOR_HEADER } from '@luxe/contracts';

/**
 * A paged list's answer as the server gives it (docs/architecture.md#paged-lists): `size` items of
 * `list` (in the order its pages come) after the request's `?cursor=` ('after-N': N items
 * before it), the next page's cursor in X-Next-Cursor, none on the last; `arrange` orders the
 * page's items as the route answers them (a thread's page is oldest first). The cursor asked for
 * ('' for the first page) is pushed to `asked`.
 */
export function pageAnswer<T>(
  request: Request,
  list: readonly T[],
  { size, asked, arrange = (items) => items }: { size: number; asked?: string[]; arrange?: (items: T[]) => T[] },
) {
  const cursor = new URL(request.url).searchParams.get('cursor') ?? '';
  asked?.push(cursor);
  const from = cursor ? Number(cursor.slice('after-'.length)) : 0;
  const more = from + size < list.length;
  return HttpResponse.json(arrange(list.slice(from, from + size)) as never, {
    headers: more ? { [NEXT_CURSOR_HEADER]: `after-${from + size}` } : {},
  });
}

/**
 * jsdom has no IntersectionObserver: one the test drives (`scrollIntoView()` says every observed
 * element, a list's "Load more", came into view). Undo with `vi.unstubAllGlobals()`.
 */
export function stubIntersectionObserver() {
  const observers: { callback: IntersectionObserverCallback; observed: Element[] }[] = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      private readonly entry: (typeof observers)[number];
      constructor(callback: IntersectionObserverCallback) {
        this.entry = { callback, observed: [] };
        observers.push(this.entry);
      }
      observe(el: Element) {
        this.entry.observed.push(el);
      }
      disconnect() {
        this.entry.observed = [];
      }
    },
  );
  return {
    scrollIntoView() {
      for (const o of observers)
        for (const el of o.observed)
          o.callback([{ isIntersecting: true, target: el } as unknown as IntersectionObserverEntry], null as never);
    },
  };
}
