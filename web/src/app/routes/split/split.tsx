import { useParams } from 'react-router-dom';
import { SharePage } from '../../../features/split/components/share-page';

/** /split/:token: a guest pays his share of a split booking (docs/product.md#payment-split). */
export function SplitShareRoute() {
  const { token = '' } = useParams();
  return <SharePage token={token} />;
}
