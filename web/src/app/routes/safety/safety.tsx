import { ComingSoon } from '../../../components/layout/coming-soon';

/** /safety: public safety page (second document); a placeholder for now. */
export function SafetyRoute() {
  return <ComingSoon title="Safety" route="/safety" />;
}
