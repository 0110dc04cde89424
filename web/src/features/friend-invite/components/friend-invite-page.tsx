import { useId, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { FRIEND_MESSAGES } from '@luxe/contracts';
import { LinkedCardPage } from '../../../components/layout/card-page';
import { Button, buttonClasses } from '../../../components/ui/button';
import { ApiError, serverMessage } from '../../../lib/api-client';
import { isInviteNotFound, useClaimFriendInvite, useFriendInvite } from '../api/friend-invite';
import { pictureProblem, readAsDataUrl } from '../api/read-picture';

/**
 * The page a host's friend opens from an invite link (docs/product.md#public-friend-invite): the
 * friend is greeted by name and adds a profile picture, which is sent as a data URL and claims the
 * invite. `passLink` is his door pass's link once the host named him (the passes feature's, composed
 * by the route).
 */
export function FriendInvitePage({ token, passLink }: { token: string; passLink: ReactNode }) {
  const invite = useFriendInvite(token);
  return (
    <LinkedCardPage
      query={invite}
      loadingLabel="Loading invite..."
      isNotFound={isInviteNotFound}
      notFound={{ title: FRIEND_MESSAGES.notFound, text: FRIEND_MESSAGES.notFoundText }}
      errorText="We could not load your invite. Please try again."
    >
      {(data) => (
        <>
          <h1 className="font-display text-3xl font-semibold break-words text-white">Welcome, {data.name}</h1>
          <p className="text-neutral-300">
            You have been invited to an event. Add a profile picture so the host and the other guests can recognise you.
          </p>
          <PictureUpload token={token} name={data.name} picture={data.profilePicture} />
          {passLink}
        </>
      )}
    </LinkedCardPage>
  );
}

/** The picture (or its placeholder), the Upload/Change Picture button, and Done once there is a picture. */
function PictureUpload({ token, name, picture }: { token: string; name: string; picture: string | null }) {
  const claim = useClaimFriendInvite(token);
  const fileInput = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const problemId = useId();
  const busy = reading || claim.isPending;

  const upload = async (file: File) => {
    const refused = pictureProblem(file);
    setProblem(refused);
    if (refused) return;
    setReading(true);
    let dataUrl: string;
    try {
      dataUrl = await readAsDataUrl(file);
    } catch (error) {
      console.error('Friend picture could not be read', error);
      return;
    } finally {
      setReading(false);
    }
    claim.mutate(dataUrl, {
      onError: (error) => {
        // Upload errors are only logged (docs/product.md#public-friend-invite), except a picture
        // the server refuses.
        console.error('Friend picture upload failed', error);
        if (error instanceof ApiError && error.status === 400)
          setProblem(serverMessage(error, FRIEND_MESSAGES.picture));
      },
    });
  };

  return (
    <div className="flex flex-col items-center gap-4">
      {picture ? (
        <img
          src={picture}
          alt={`Picture of ${name}`}
          className="h-40 w-40 rounded-full border-2 border-gold-400 object-cover"
        />
      ) : (
        <div
          data-testid="picture-placeholder"
          className="flex h-40 w-40 items-center justify-center rounded-full border-2 border-dashed border-neutral-500 bg-white/5 text-sm text-neutral-300"
        >
          No picture yet
        </div>
      )}
      <input
        ref={fileInput}
        type="file"
        accept="image/*"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="picture-input"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void upload(file);
        }}
      />
      <Button
        type="button"
        variant={picture ? 'secondary' : 'primary'}
        className="w-full sm:w-auto"
        disabled={busy}
        aria-describedby={problem ? problemId : undefined}
        onClick={() => fileInput.current?.click()}
      >
        {busy ? 'Uploading...' : picture ? 'Change Picture' : 'Upload Picture'}
      </Button>
      {problem ? (
        <p id={problemId} role="alert" className="text-sm text-red-300">
          {problem}
        </p>
      ) : null}
      {picture ? (
        <Link to="/" className={buttonClasses('primary', 'md', 'w-full sm:w-auto')}>
          Done
        </Link>
      ) : null}
    </div>
  );
}
