import { ComingSoon } from '../../../components/layout/coming-soon';

/** /privacy: public privacy page (second document); a placeholder for now. */
export function PrivacyRoute() {
  return <ComingSoon title="Privacy Policy" route="/privacy" />;
}
