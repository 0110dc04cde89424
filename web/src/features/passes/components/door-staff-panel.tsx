import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { toast } from '../../../components/ui/toast';
import { serverMessage } from '../../../lib/api-client';
import { useAddDoorStaff, useDoorStaff, useRemoveDoorStaff } from '../api/passes';

/**
 * The owner's door staff of the chosen venue (docs/product.md#passes): members he lets check guests in
 * there (their page is /door), added by their account's email, removed at any time.
 */
export function DoorStaffPanel({ venueId }: { venueId: string }) {
  const staff = useDoorStaff(venueId);
  const add = useAddDoorStaff(venueId);
  const remove = useRemoveDoorStaff(venueId);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const field = useId();
  const errorId = useId();

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    add.mutate(email.trim(), {
      onSuccess: (s) => {
        setEmail('');
        toast({ title: 'Door staff added', description: `${s.firstName} can now check guests in here.` });
      },
      onError: (err) => setError(serverMessage(err, 'Could not add door staff. Please try again.')),
    });
  };

  return (
    <section
      aria-labelledby="door-staff-heading"
      className="flex flex-col gap-3 rounded-3xl border border-white/10 bg-neutral-900/70 p-5"
    >
      <h2 id="door-staff-heading" className="text-lg font-semibold text-white">
        Door staff
      </h2>
      <p className="text-sm text-neutral-300">
        They sign in with their own account and open <span className="font-mono text-neutral-100">/door</span> to check
        guests in at this venue; they see nothing else of your dashboard.
      </p>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2">
        <Label htmlFor={field}>Staff member's email</Label>
        <Input
          id={field}
          type="email"
          value={email}
          maxLength={254}
          autoComplete="off"
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        {error ? (
          <p id={errorId} role="alert" className="text-sm text-red-300">
            {error}
          </p>
        ) : null}
        <Button type="submit" className="self-start" disabled={add.isPending || !email.trim()}>
          {add.isPending ? 'Adding...' : 'Add door staff'}
        </Button>
      </form>
      {staff.data && staff.data.length > 0 ? (
        <ul aria-label="Door staff" className="flex flex-col gap-2">
          {staff.data.map((s) => (
            <li
              key={s.userId}
              className="flex items-center justify-between gap-3 rounded-2xl border border-white/10 p-3"
            >
              <span className="min-w-0">
                <span className="block font-semibold text-white">{s.firstName}</span>
                <span className="block truncate text-xs text-neutral-300">{s.email}</span>
              </span>
              <Button
                type="button"
                variant="secondary"
                size="sm"
                disabled={remove.isPending}
                aria-label={`Remove ${s.firstName} from door staff`}
                onClick={() =>
                  remove.mutate(s.userId, {
                    onSuccess: () =>
                      toast({
                        title: 'Door staff removed',
                        description: `${s.firstName} can no longer check guests in here.`,
                      }),
                    onError: (err) =>
                      toast({
                        variant: 'destructive',
                        title: 'Error',
                        description: serverMessage(err, 'Could not remove door staff'),
                      }),
                  })
                }
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : staff.isSuccess ? (
        <p className="text-sm text-neutral-300">No door staff yet.</p>
      ) : null}
    </section>
  );
}
