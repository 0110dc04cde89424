import { JoinRoute } from '../join/join';

/**
 * /user-type-selection: the spec lists the route without its content. It offers the same
 * choice as /join (host, guest, venue or entertainer, each to its sign-up), so a link to it never dead-ends.
 */
export function UserTypeSelectionRoute() {
  return <JoinRoute />;
}
