import { ComingSoon } from '../../../components/layout/coming-soon';

/** /user-type-selection: not shown in the spec; a placeholder. */
export function UserTypeSelectionRoute() {
  return <ComingSoon title="User Type Selection" route="/user-type-selection" />;
}
