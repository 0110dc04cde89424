import { useState } from 'react';
import { ADMIN_MESSAGES, type AdminUser, formatCity, USER_TYPES } from '@luxe/contracts';
import { toastFailure } from '../../../components/form/failure-toast';
import { toast } from '../../../components/ui/toast';
import { formatInEst, SHORT_DATE_FORMAT } from '../../../lib/format';
import { useAdminUsers, useReinstateUser } from '../api/users';
import {
  Badge,
  FilterSelect,
  ListControls,
  PagedDataList,
  RowAction,
  SearchField,
  useSearchedPage,
  type Option,
} from './list-parts';
import { SuspendDialog } from './suspend-dialog';

type UserTypeFilter = '' | (typeof USER_TYPES)[number];
type StatusFilter = '' | 'active' | 'suspended';

export const USER_TYPE_LABELS: Record<(typeof USER_TYPES)[number], string> = {
  host: 'Host',
  guest: 'Guest',
  venue: 'Venue owner',
  entertainer: 'Entertainer',
};
const TYPE_OPTIONS: Option<UserTypeFilter>[] = [
  { value: '', label: 'All types' },
  ...USER_TYPES.map((t) => ({ value: t, label: USER_TYPE_LABELS[t] })),
];
const STATUS_OPTIONS: Option<StatusFilter>[] = [
  { value: '', label: 'All members' },
  { value: 'active', label: 'Active' },
  { value: 'suspended', label: 'Suspended' },
];

const fullName = (u: AdminUser) => `${u.firstName} ${u.lastName}`.trim();

/** Users tab: members searched by the server, filtered by type and status; suspend (with a reason) and reinstate. */
export function UsersPanel() {
  const [userType, setUserType] = useState<UserTypeFilter>('');
  const [status, setStatus] = useState<StatusFilter>('');
  const { term, paging, searchField } = useSearchedPage(userType, status);
  const users = useAdminUsers({
    search: term,
    userType: userType || undefined,
    status: status || undefined,
    page: paging.page,
  });
  const reinstate = useReinstateUser();
  const [suspending, setSuspending] = useState<AdminUser | null>(null);

  const onReinstate = (u: AdminUser) =>
    reinstate.mutate(u.id, {
      onSuccess: () => toast({ title: 'User reinstated', description: `${fullName(u)} can sign in again.` }),
      onError: (error) => toastFailure(error, 'Failed to reinstate user'),
    });

  return (
    <div className="flex flex-col gap-6">
      <ListControls>
        <SearchField id="users-search" label="Search users" placeholder="Name or email" {...searchField} />
        <FilterSelect
          id="users-type"
          label="User type"
          value={userType}
          options={TYPE_OPTIONS}
          onChange={setUserType}
        />
        <FilterSelect id="users-status" label="Status" value={status} options={STATUS_OPTIONS} onChange={setStatus} />
      </ListControls>
      <PagedDataList
        query={users}
        rows={(p) => p.users}
        noun="users"
        errorDetail={ADMIN_MESSAGES.loadFailed}
        emptyTitle="No users found"
        paging={paging}
        label="Users"
        rowKey={(u) => u.id}
        rowLabel={fullName}
        template="minmax(0,1.2fr) minmax(0,1.5fr) minmax(0,0.8fr) minmax(0,1fr) minmax(0,0.9fr) minmax(0,1fr)"
        columns={[
          { label: 'Name', render: (u) => <span className="font-semibold">{fullName(u)}</span> },
          { label: 'Email', render: (u) => u.email },
          { label: 'Type', render: (u) => USER_TYPE_LABELS[u.userType] },
          { label: 'Location', render: (u) => formatCity(u.city, u.state) || '—' },
          { label: 'Joined', render: (u) => formatInEst(u.createdAt, SHORT_DATE_FORMAT) },
          {
            label: 'Status',
            render: (u) =>
              u.suspended ? (
                <span className="flex flex-col items-end gap-1 md:items-start">
                  <Badge tone="bad">Suspended</Badge>
                  {u.suspendedReason ? <span className="text-xs text-neutral-400">{u.suspendedReason}</span> : null}
                </span>
              ) : (
                <Badge tone="good">Active</Badge>
              ),
          },
        ]}
        actions={(u) =>
          u.suspended ? (
            <RowAction
              name={`Reinstate ${fullName(u)}`}
              variant="secondary"
              pending={reinstate.isPending && reinstate.variables === u.id}
              onClick={() => onReinstate(u)}
            >
              Reinstate
            </RowAction>
          ) : (
            <RowAction name={`Suspend ${fullName(u)}`} variant="destructive" onClick={() => setSuspending(u)}>
              Suspend
            </RowAction>
          )
        }
      />
      {suspending ? (
        <SuspendDialog member={{ id: suspending.id, name: fullName(suspending) }} onClose={() => setSuspending(null)} />
      ) : null}
    </div>
  );
}
