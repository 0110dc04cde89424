import { useMutation } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { api, EMAIL_KIND_LABELS, EMAIL_KINDS, NOTIFICATION_MESSAGES, type EmailKind } from '@luxe/contracts';
import { Logo } from '../../../components/layout/logo';
import { buttonClasses } from '../../../components/ui/button';
import { callApi, serverMessage } from '../../../lib/api-client';

const isEmailKind = (k: string | null): k is EmailKind => (EMAIL_KINDS as readonly (string | null)[]).includes(k);

/**
 * /unsubscribe?token=&kind=: an email's unsubscribe link. It asks before it acts (a mail
 * scanner following the link changes nothing), then turns that kind of email off.
 */
export function UnsubscribeRoute() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const kind = params.get('kind');
  const unsubscribe = useMutation({
    mutationFn: (k: EmailKind) => callApi(api.notifications.unsubscribe, { body: { token, kind: k } }),
  });
  return (
    <div className="min-h-dvh bg-neutral-950 text-neutral-100">
      <header className="border-b border-white/5">
        <div className="mx-auto max-w-xl px-5 py-4">
          <Logo />
        </div>
      </header>
      <main className="mx-auto max-w-xl px-5 py-10" aria-labelledby="unsubscribe-heading">
        <h1 id="unsubscribe-heading" className="font-display text-3xl font-semibold text-white">
          Unsubscribe
        </h1>
        {!isEmailKind(kind) || !token ? (
          <p className="mt-4 text-red-300" role="alert">
            {NOTIFICATION_MESSAGES.unsubscribeToken}
          </p>
        ) : unsubscribe.isSuccess ? (
          <p className="mt-4 text-neutral-200" role="status">
            Done: we no longer email you about “{EMAIL_KIND_LABELS[kind]}”. You can turn it back on in your profile
            settings.
          </p>
        ) : (
          <>
            <p className="mt-4 text-neutral-200">
              Stop the “{EMAIL_KIND_LABELS[kind]}” emails? You still see these notifications under the bell.
            </p>
            {unsubscribe.isError && (
              <p className="mt-3 text-red-300" role="alert">
                {serverMessage(unsubscribe.error, NOTIFICATION_MESSAGES.unsubscribeToken)}
              </p>
            )}
            <button
              type="button"
              className={buttonClasses('primary', 'md', 'mt-6')}
              disabled={unsubscribe.isPending}
              onClick={() => unsubscribe.mutate(kind)}
            >
              Unsubscribe
            </button>
          </>
        )}
        <p className="mt-8 text-sm">
          <Link to="/" className="text-gold-200 underline">
            Back to LuxeSwipe
          </Link>
        </p>
      </main>
    </div>
  );
}
