import { useParams } from 'react-router-dom';
import { SharePage } from '../../../features/split/components/share-page';

/** /split/:token: a guest pays his share of a split booking (issue 12). */
export function SplitShareRoute() {
  const { token = '' } = useParams();
  return <SharePage token={token} />;
}
