import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { suspensionInputSchema } from '@luxe/contracts';
import { toastFailure } from '../../../components/form/failure-toast';
import { FormActions } from '../../../components/form/form-fields';
import { Dialog } from '../../../components/ui/dialog';
import { FieldError } from '../../../components/ui/field-error';
import { Label } from '../../../components/ui/label';
import { Textarea } from '../../../components/ui/select';
import { toast } from '../../../components/ui/toast';
import { useSuspendUser } from '../api/users';

export const REASON_MAX = 500;

/**
 * Suspend a member (his sessions end and sign-in is refused until reinstated): asks a reason of
 * 1 to 500 characters, the contract's rule and message.
 */
export function SuspendDialog({
  member,
  defaultReason = '',
  onClose,
}: {
  member: { id: string; name: string };
  defaultReason?: string;
  onClose: () => void;
}) {
  const suspend = useSuspendUser();
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(suspensionInputSchema) /* api.admin.suspend's body */,
    defaultValues: { reason: defaultReason },
  });
  const length = watch('reason').length;

  const onSubmit = handleSubmit(({ reason }) =>
    suspend.mutate(
      { userId: member.id, reason },
      {
        onSuccess: () => {
          toast({ title: 'User suspended', description: `${member.name} can no longer sign in.` });
          onClose();
        },
        onError: (error) => toastFailure(error, 'Failed to suspend user'),
      },
    ),
  );

  return (
    <Dialog
      title={`Suspend ${member.name}`}
      description="Their sessions end and they cannot sign in until reinstated."
      onClose={onClose}
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <div>
          <Label htmlFor="suspend-reason">Reason</Label>
          <Textarea
            id="suspend-reason"
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={errors.reason ? 'suspend-reason-count suspend-reason-error' : 'suspend-reason-count'}
            {...register('reason')}
          />
          <p id="suspend-reason-count" className="mt-1 text-right text-xs text-neutral-400">
            {length}/{REASON_MAX}
          </p>
          <FieldError id="suspend-reason-error" message={errors.reason?.message} />
        </div>
        <FormActions onCancel={onClose} variant="destructive" pending={suspend.isPending} pendingLabel="Suspending...">
          Suspend
        </FormActions>
      </form>
    </Dialog>
  );
}
