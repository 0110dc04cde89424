/**
 * The id of the `<script type="application/json">` a page rendered by the server with data carries
 * (gateway/src/web/page-render.ts writes it): TanStack Query's dehydrated cache of the reads that
 * page was drawn from. main.tsx puts them in the client's cache before hydrating, so the first
 * render is the server's (the list's cards, not its loading state). A data block, not a script: the
 * page CSP runs no inline script, and none is needed.
 */
export const PAGE_STATE_ID = 'luxe-state';
