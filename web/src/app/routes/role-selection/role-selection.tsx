import { ComingSoon } from '../../../components/layout/coming-soon';

/** /role-selection: role selection of the three-step sign-up (reading B); a placeholder for now. */
export function RoleSelectionRoute() {
  return <ComingSoon title="Choose Your Role" route="/role-selection" />;
}
