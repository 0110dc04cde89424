import { EMAIL_KINDS, EMAIL_KIND_LABELS } from '@luxe/contracts';
import { Switch } from '../../../components/ui/switch';
import { toast } from '../../../components/ui/toast';
import { serverMessage } from '../../../lib/api-client';
import { useEmailPreferences, useSetEmailPreferences } from '../api/notifications';

/** The Profile tab's email settings: one switch per kind of email (all on until turned off). */
export function EmailPreferences() {
  const { data, isPending, isError } = useEmailPreferences();
  const save = useSetEmailPreferences();
  if (isPending) return <p className="text-sm text-neutral-300">Loading your email settings…</p>;
  if (isError || !data) return <p className="text-sm text-red-300">Your email settings could not be loaded.</p>;
  return (
    <div className="flex flex-col gap-2" data-testid="email-preferences">
      <p className="mb-2 text-sm text-neutral-300">
        Choose which emails we send you. Every notification still shows under the bell.
      </p>
      {EMAIL_KINDS.map((kind) => (
        <Switch
          key={kind}
          id={`email-pref-${kind}`}
          label={EMAIL_KIND_LABELS[kind]}
          checked={data[kind]}
          disabled={save.isPending}
          onChange={(on) =>
            save.mutate(
              { [kind]: on },
              {
                onError: (e) =>
                  toast({
                    variant: 'destructive',
                    title: 'Error',
                    description: serverMessage(e, 'Your email settings could not be saved.'),
                  }),
              },
            )
          }
        />
      ))}
    </div>
  );
}
