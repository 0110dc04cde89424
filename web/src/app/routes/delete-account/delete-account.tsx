import { ComingSoon } from '../../../components/layout/coming-soon';

/** /delete-account: account deletion; a placeholder for now. */
export function DeleteAccountRoute() {
  return <ComingSoon title="Delete Account" route="/delete-account" backTo="/dashboard?tab=profile" />;
}
