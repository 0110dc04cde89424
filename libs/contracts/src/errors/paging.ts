import { defineErrors } from './define';

/** The largest page a keyset-paged list answers (`?limit=`). */
export const PAGE_LIMIT_MAX = 100;

/**
 * A keyset-paged list's query (issue 34): `limit` and the `cursor` its previous page's
 * `X-Next-Cursor` named. A cursor well formed but not one of this list's (another member's item, an
 * item gone since) is refused with the same message as a malformed one.
 */
export const PAGE_ERRORS = defineErrors('PAGE', {
  LIMIT: { status: 400, message: `The limit must be a whole number from 1 to ${PAGE_LIMIT_MAX}` },
  CURSOR: { status: 400, message: 'This cursor is not one of this list: start again without it' },
});
