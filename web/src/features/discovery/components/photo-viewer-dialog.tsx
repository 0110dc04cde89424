import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';

/** One photo at full size (docs/product.md#discovery-swipe-deck: viewer dialogs for full-size photos). */
export function PhotoViewerDialog({
  src,
  alt,
  title,
  onClose,
}: {
  src: string;
  alt: string;
  title: string;
  onClose: () => void;
}) {
  return (
    <Dialog title={title} onClose={onClose} className="max-w-3xl">
      <img
        src={src}
        alt={alt}
        data-testid="full-size-photo"
        className="max-h-[70dvh] w-full rounded-2xl bg-neutral-800 object-contain"
      />
      <Button type="button" variant="ghost" onClick={onClose}>
        Close
      </Button>
    </Dialog>
  );
}
