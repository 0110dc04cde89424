import { describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '@luxe/contracts';
import { changeSummary } from '../../../features/admin/components/audit-log-panel';
import {
  ADMIN_TOKEN,
  apiError,
  makeAuditEntry,
  makeReport,
  mockAdmin,
  page,
  signInAdmin,
} from '../../../testing/admin';
import { findToast, renderApp, screen, within } from '../../../testing/render-app';

describe('/admin Reports tab', () => {
  it('open reports first: kind, reason, details, the reported message, both names and status', async () => {
    signInAdmin();
    const reads = mockAdmin('get', '/api/admin/reports', ({ query }) =>
      page(
        'reports',
        query.status === 'open'
          ? [
              makeReport({
                reporter: { id: 'a8000000-0000-4000-8000-000000000001', name: 'Ava Sterling' },
                content: 'Answer me now',
              }),
            ]
          : [
              makeReport({
                status: 'resolved',
                kind: 'user',
                content: null,
                details: null,
                reported: { id: 'a9000000-0000-4000-8000-000000000002', name: 'Sam Spam', suspended: true },
              }),
            ],
      ),
    );
    const { user } = renderApp('/admin?tab=reports');
    const report = await screen.findByRole('listitem', { name: 'Report on Rex Rude by Ava Sterling' });
    expect(reads[0]!.query).toEqual({ status: 'open', page: '1' });
    expect(report).toHaveTextContent('Harassment');
    expect(report).toHaveTextContent('Message');
    expect(report).toHaveTextContent('Kept messaging after I said no');
    expect(report).toHaveTextContent('Reported message: “Answer me now”');
    expect(report).toHaveTextContent('Open');
    expect(within(report).getByRole('button', { name: 'Resolve report on Rex Rude' })).toBeInTheDocument();
    expect(within(report).getByRole('button', { name: 'Dismiss report on Rex Rude' })).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Report status'), 'All reports');
    const handled = await screen.findByRole('listitem', { name: 'Report on Sam Spam by Ava Sterling' });
    expect(reads.at(-1)!.query).toEqual({ page: '1' });
    expect(handled).toHaveTextContent('Resolved');
    expect(handled).toHaveTextContent('No details given');
    expect(handled).toHaveTextContent('Suspended');
    // Decided, and the member already suspended: nothing left to do.
    expect(within(handled).queryByRole('button')).not.toBeInTheDocument();
  });

  it("Resolve puts {status: 'resolved'} and reads the reports again; Dismiss failures show the server's message", async () => {
    signInAdmin();
    const report = makeReport();
    let status: 'open' | 'resolved' = 'open';
    const reads = mockAdmin('get', '/api/admin/reports', () => page('reports', status === 'open' ? [report] : []));
    const puts = mockAdmin('put', '/api/admin/reports/:id', ({ body }) => {
      if ((body as { status: string }).status === 'dismissed')
        return apiError(409, 'ADMIN.REPORT_DECIDED', ADMIN_MESSAGES.reportDecided);
      status = 'resolved';
      return { ...report, status: 'resolved' };
    });
    const { user } = renderApp('/admin?tab=reports');
    await user.click(await screen.findByRole('button', { name: 'Dismiss report on Rex Rude' }));
    expect(await findToast()).toHaveTextContent(ADMIN_MESSAGES.reportDecided);

    await user.click(screen.getByRole('button', { name: 'Resolve report on Rex Rude' }));
    expect(await screen.findByText('No reports found')).toBeInTheDocument();
    expect(puts.map((r) => [r.path, r.body, r.authorization])).toEqual([
      [`/api/admin/reports/${report.id}`, { status: 'dismissed' }, `Bearer ${ADMIN_TOKEN}`],
      [`/api/admin/reports/${report.id}`, { status: 'resolved' }, `Bearer ${ADMIN_TOKEN}`],
    ]);
    expect(reads.length).toBeGreaterThanOrEqual(3);
  });

  it('Suspend on a report suspends the reported member, the reason filled in from the report', async () => {
    signInAdmin();
    const report = makeReport({ reason: 'fake-profile' });
    mockAdmin('get', '/api/admin/reports', () => page('reports', [report]));
    const posts = mockAdmin('post', '/api/admin/users/:userId/suspension', () =>
      apiError(404, 'ADMIN.USER_NOT_FOUND', ADMIN_MESSAGES.userNotFound),
    );
    const { user } = renderApp('/admin?tab=reports');
    await user.click(await screen.findByRole('button', { name: 'Suspend Rex Rude' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend Rex Rude' });
    expect(within(dialog).getByLabelText('Reason')).toHaveValue('Reported for fake profile');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await findToast()).toHaveTextContent(ADMIN_MESSAGES.userNotFound);
    expect(posts.map((r) => [r.path, r.body])).toEqual([
      [`/api/admin/users/${report.reported.id}/suspension`, { reason: 'Reported for fake profile' }],
    ]);
  });
});

describe('/admin Audit Log tab', () => {
  it('renders each entry: time in New York, admin email, action, target and what changed; Next asks page=2', async () => {
    signInAdmin();
    const reads = mockAdmin('get', '/api/admin/audit-log', ({ query }) =>
      page(
        'entries',
        query.page === '2'
          ? [
              makeAuditEntry({
                action: 'user.suspend',
                targetType: 'user',
                adminEmail: 'second@luxeswipe.com',
                before: { suspended: false },
                after: { suspended: true, suspendedReason: 'Spam' },
              }),
            ]
          : [
              makeAuditEntry({
                adminEmail: 'root@luxeswipe.com',
                targetId: 'a2000000-0000-4000-8000-000000000077',
                createdAt: '2026-11-22T23:57:00.000Z',
              }),
            ],
        { page: Number(query.page ?? 1), total: 30 },
      ),
    );
    const { user } = renderApp('/admin?tab=audit-log');
    const entry = await screen.findByRole('listitem', { name: 'Approved venue by root@luxeswipe.com' });
    expect(entry).toHaveTextContent('Nov 22, 2026 6:57 PM EST');
    expect(within(entry).getByText('Nov 22, 2026 6:57 PM EST')).toHaveAttribute('datetime', '2026-11-22T23:57:00.000Z');
    expect(entry).toHaveTextContent('Venue a2000000');
    expect(entry).toHaveTextContent('approvalStatus: pending → approved');
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    const second = await screen.findByRole('listitem', { name: 'Suspended user by second@luxeswipe.com' });
    expect(second).toHaveTextContent('suspended: false → true; suspendedReason: — → Spam');
    expect(reads.map((r) => r.query.page)).toEqual(['1', '2']);
  });

  it('the change summary lists only changed fields, sorted, with — for none', () => {
    expect(changeSummary({ a: 1, b: 'x' }, { a: 1, b: 'y', c: null })).toBe('b: x → y');
    expect(changeSummary(null, { status: 'proposed', dancer: 'Crystal' })).toBe(
      'dancer: — → Crystal; status: — → proposed',
    );
    expect(changeSummary({ a: 1 }, { a: 1 })).toBe('—');
  });
});
