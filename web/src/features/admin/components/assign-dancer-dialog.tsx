import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { ADMIN_MESSAGES, vipAssignmentInputSchema, type AdminVipRoom } from '@luxe/contracts';
import { toastFailure } from '../../../components/form/failure-toast';
import { Field, fieldA11y } from '../../../components/form/field';
import { FormActions } from '../../../components/form/form-fields';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Select } from '../../../components/ui/select';
import { toast } from '../../../components/ui/toast';
import { useAssignDancer, useVenueDancers } from '../api/vip-rooms';
import { ListMessage } from './list-parts';

/**
 * Propose a dancer for a VIP room (docs/product.md#admin): only the dancers of the room's own venue
 * are offered (GET /api/admin/dancers?venueId=), the current one excepted.
 */
export function AssignDancerDialog({ room, onClose }: { room: AdminVipRoom; onClose: () => void }) {
  const dancers = useVenueDancers(room.venue.id);
  const assign = useAssignDancer();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(vipAssignmentInputSchema) /* api.admin.assignDancer's body */,
    defaultValues: { sectionId: room.id, dancerId: '' },
  });

  const options = (dancers.data?.dancers ?? []).filter(
    (d) => d.venueId === room.venue.id && d.isActive && d.id !== room.assignment?.dancerId,
  );

  const onSubmit = handleSubmit((body) =>
    assign.mutate(body, {
      onSuccess: (result) => {
        toast({ title: result.message, description: `${result.assignment.dancerName} · ${room.name}` });
        onClose();
      },
      onError: (error) => toastFailure(error, ADMIN_MESSAGES.assignFailed),
    }),
  );

  return (
    <Dialog
      title={`Assign Dancer to ${room.name}`}
      description={`Dancers of ${room.venue.name} only.`}
      onClose={onClose}
    >
      {dancers.isPending ? (
        <ListMessage title="Loading dancers..." busy />
      ) : dancers.isError ? (
        <ListMessage
          tone="error"
          title="Unable to fetch dancers"
          action={
            <Button type="button" variant="secondary" size="sm" onClick={() => void dancers.refetch()}>
              Try Again
            </Button>
          }
        />
      ) : options.length === 0 ? (
        <ListMessage title={`No other dancers at ${room.venue.name}`} />
      ) : (
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
          <Field id="assign-dancer" label="Dancer" error={errors.dancerId?.message}>
            <Select {...fieldA11y('assign-dancer', errors.dancerId?.message)} {...register('dancerId')}>
              <option value="">Select a dancer</option>
              {options.map((d) => (
                <option key={d.id} value={d.id}>
                  {d.isAvailable ? d.name : `${d.name} (unavailable)`}
                </option>
              ))}
            </Select>
          </Field>
          <FormActions onCancel={onClose} pending={assign.isPending} pendingLabel="Assigning...">
            Assign
          </FormActions>
        </form>
      )}
      {dancers.isPending || dancers.isError || options.length === 0 ? (
        <div className="flex justify-end">
          <Button type="button" variant="ghost" onClick={onClose}>
            Close
          </Button>
        </div>
      ) : null}
    </Dialog>
  );
}
