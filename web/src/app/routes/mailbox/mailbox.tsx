import { useQuery } from '@tanstack/react-query';
import { api, NOTIFICATION_MESSAGES } from '@luxe/contracts';
import { Logo } from '../../../components/layout/logo';
import { ListSkeleton } from '../../../components/ui/list-skeleton';
import { callApi } from '../../../lib/api-client';

/**
 * /mailbox: the embedded demo's mailbox, so a new user sees the emails the app sends (the demo
 * keeps them instead of sending). Anywhere else the server says there is none.
 */
export function MailboxRoute() {
  const { data, isPending, isError } = useQuery({
    queryKey: ['demo-mailbox'],
    queryFn: ({ signal }) => callApi(api.notifications.demoMailbox, {}, { signal }),
    retry: false,
  });
  return (
    <div className="min-h-dvh bg-neutral-950 text-neutral-100">
      <header className="border-b border-white/5">
        <div className="mx-auto max-w-3xl px-5 py-4">
          <Logo />
        </div>
      </header>
      <main className="mx-auto max-w-3xl px-5 py-8" aria-labelledby="mailbox-heading">
        <h1 id="mailbox-heading" className="font-display text-3xl font-semibold text-white">
          Demo mailbox
        </h1>
        {isPending ? (
          <ListSkeleton label="Loading…" className="mt-6" />
        ) : isError || !data ? (
          <p className="mt-4 text-neutral-300">{NOTIFICATION_MESSAGES.mailboxOff}.</p>
        ) : data.emails.length === 0 ? (
          <p className="mt-4 text-neutral-300">
            No email yet. Book, invite or ask to join an event: its emails land here.
          </p>
        ) : (
          <ul className="mt-6 flex flex-col gap-4">
            {data.emails.map((e) => (
              <li key={e.id} className="rounded-2xl border border-white/10 bg-neutral-900/70 p-4">
                <h2 className="font-semibold text-white">{e.subject}</h2>
                <p className="text-xs text-neutral-300">
                  To {e.to}, {new Date(e.sentAt).toLocaleString('en-US')}
                </p>
                <pre className="mt-3 whitespace-pre-wrap break-words font-sans text-sm text-neutral-200">{e.text}</pre>
              </li>
            ))}
          </ul>
        )}
      </main>
    </div>
  );
}
