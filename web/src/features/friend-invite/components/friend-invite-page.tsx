import { useId, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { FRIEND_MESSAGES } from '@luxe/contracts';
import { Logo } from '../../../components/layout/logo';
import { Button, buttonClasses } from '../../../components/ui/button';
import { ApiError, serverMessage } from '../../../lib/api-client';
import { isInviteNotFound, useClaimFriendInvite, useFriendInvite } from '../api/friend-invite';
import { pictureProblem, readAsDataUrl } from '../api/read-picture';
import { QueryError } from '../../../components/query-state';

/**
 * The page a host's friend opens from an invite link (docs/product.md#public-friend-invite): the
 * friend is greeted by name and adds a profile picture, which is sent as a data URL and claims the
 * invite. `passLink` is his door pass's link once the host named him (the passes feature's, composed
 * by the route).
 */
export function FriendInvitePage({ token, passLink }: { token: string; passLink: ReactNode }) {
  const invite = useFriendInvite(token);

  if (invite.isPending) {
    return (
      <Shell>
        <p role="status" className="text-center text-neutral-300">
          Loading invite...
        </p>
      </Shell>
    );
  }

  if (invite.isError) {
    return isInviteNotFound(invite.error) ? (
      <Shell>
        <h1 className="font-display text-3xl font-semibold text-white">{FRIEND_MESSAGES.notFound}</h1>
        <p className="text-neutral-300">{FRIEND_MESSAGES.notFoundText}</p>
        <Link to="/" className={buttonClasses('primary', 'md', 'self-center')}>
          Go to Home
        </Link>
      </Shell>
    ) : (
      <Shell>
        <h1 className="font-display text-3xl font-semibold text-white">Something went wrong</h1>
        <QueryError
          look="center"
          text="We could not load your invite. Please try again."
          onRetry={() => void invite.refetch()}
        />
      </Shell>
    );
  }

  return (
    <Shell>
      <h1 className="font-display text-3xl font-semibold break-words text-white">Welcome, {invite.data.name}</h1>
      <p className="text-neutral-300">
        You have been invited to an event. Add a profile picture so the host and the other guests can recognise you.
      </p>
      <PictureUpload token={token} name={invite.data.name} picture={invite.data.profilePicture} />
      {passLink}
    </Shell>
  );
}

function Shell({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-dvh bg-neutral-950 px-5 py-6 text-neutral-100">
      <div className="mx-auto flex max-w-md flex-col gap-8">
        <header>
          <Logo />
        </header>
        <main className="flex flex-col gap-4 rounded-3xl border border-white/10 bg-neutral-900/70 p-6 text-center sm:p-8">
          {children}
        </main>
      </div>
    </div>
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
