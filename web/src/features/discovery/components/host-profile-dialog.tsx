import type { ReactNode } from 'react';
import type { MemberCardView } from '@luxe/contracts';
import { ImageCarousel } from '../../../components/image-carousel';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { VerifiedBadge } from '../../../components/verified-badge';
import { displayAge } from '../event-display';
import { MemberPhoto } from './member-photo';

/**
 * The host's profile (viewer dialogs, docs/product.md#discovery-swipe-deck): photos, first name,
 * age (25 when missing), city and bio; `actions` (Report and Block, from the safety feature) under
 * it.
 */
export function HostProfileDialog({
  host,
  actions,
  onClose,
}: {
  host: MemberCardView;
  actions?: ReactNode;
  onClose: () => void;
}) {
  return (
    <Dialog title={`${host.firstName}'s profile`} onClose={onClose}>
      {host.profileImages.length > 0 ? (
        <ImageCarousel
          images={host.profileImages}
          label={`Photos of ${host.firstName}`}
          altOf={(i, n) => `${host.firstName}, photo ${i + 1} of ${n}`}
          imageClassName="h-72 sm:h-80"
        />
      ) : (
        <MemberPhoto
          src={null}
          firstName={host.firstName}
          alt={`${host.firstName} has no photo yet`}
          className="h-24 w-24 self-center text-3xl"
        />
      )}
      <div className="flex flex-col gap-1">
        <p className="text-xl font-semibold text-white">
          <span data-testid="host-name">{host.firstName}</span>,{' '}
          <span data-testid="host-age">{displayAge(host.age)}</span>
        </p>
        <VerifiedBadge verified={host.verified} className="self-start" />
        {host.city ? (
          <p data-testid="host-city" className="text-sm text-neutral-300">
            {host.city}
          </p>
        ) : null}
      </div>
      {host.bio ? (
        <p data-testid="host-bio" className="text-sm break-words whitespace-pre-line text-neutral-200">
          {host.bio}
        </p>
      ) : (
        <p className="text-sm text-neutral-400">No bio yet.</p>
      )}
      {actions}
      <Button type="button" variant="ghost" onClick={onClose}>
        Close
      </Button>
    </Dialog>
  );
}
