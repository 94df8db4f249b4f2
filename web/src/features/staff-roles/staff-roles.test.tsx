import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { StaffRoleListView, StaffRoleView } from '@gradus/contract/api/staff-roles';
import { Wrapper } from '@/test/render';
import { fail, mockApi, ok, type Call } from '@/test/api';
import RolesPage from './pages/RolesPage';

const url = (call: string) => `/mucgrs-service/staff/roles/${call}`;
const DEPT: StaffRoleView = {
  roleKey: 'zs_dept',
  name: 'role.zs_dept',
  scope: 'departments',
  accounts: 3,
  version: 'v1',
  locked: [],
  groups: [
    {
      name: 'menu.staff.review',
      pages: [
        { key: 'staff/dashboard', name: 'menu.staff.dashboard', hidden: false, granted: true, buttons: [] },
        {
          key: 'staff/applications',
          name: 'menu.staff.applications',
          hidden: false,
          granted: true,
          buttons: [
            { key: 'staff:applications:export', name: 'menu.staff.applications.export', granted: true },
            { key: 'staff:applications:batch', name: 'menu.staff.applications.batch', granted: true },
          ],
        },
        { key: 'staff/applicationFile', name: 'menu.staff.file', hidden: true, granted: true, buttons: [{ key: 'staff:applications:revealId', name: 'menu.staff.file.revealId', granted: true }] },
        { key: 'staff/photoReview', name: 'menu.staff.photos', hidden: false, granted: false, buttons: [] },
      ],
    },
  ],
};
const SYSADMIN: StaffRoleView = {
  roleKey: 'zs_sysadmin',
  name: 'role.zs_sysadmin',
  scope: 'portal',
  accounts: 1,
  version: 's1',
  locked: ['staff/roles'],
  groups: [
    {
      name: 'menu.staff.system',
      pages: [
        { key: 'staff/accounts', name: 'menu.staff.accounts', hidden: false, granted: true, buttons: [] },
        { key: 'staff/roles', name: 'menu.staff.roles', hidden: false, granted: true, buttons: [] },
      ],
    },
  ],
};
const LIST: StaffRoleListView = { roles: [DEPT, SYSADMIN] };
const bodies = (calls: Call[], call: string) => calls.filter((c) => c.url === url(call)).map((c) => c.body);
const show = () => render(<Wrapper path="/system/roles"><RolesPage /></Wrapper>);
const box = (name: string) => screen.getByRole('checkbox', { name });

describe('roles page', () => {
  it('shows the chosen role’s reach, holders and pages as its menu groups them, the hidden page marked', async () => {
    mockApi({ [url('list')]: () => ok(LIST) });
    show();
    expect(await screen.findByRole('heading', { name: 'Pages and buttons of Department secretary' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Department secretary' })).toBeChecked();
    expect(screen.getByText('Reach: the applications of the holder’s own schools.')).toBeInTheDocument();
    expect(screen.getByText('Active accounts holding this role: 3')).toBeInTheDocument();
    const group = screen.getByRole('group', { name: 'Admissions review' });
    expect(within(group).getByRole('checkbox', { name: 'Applications' })).toBeChecked();
    expect(within(group).getByRole('checkbox', { name: 'Photo review' })).not.toBeChecked();
    expect(within(screen.getByRole('list', { name: 'Buttons on Applications' })).getAllByRole('checkbox').map((c) => c.closest('label')?.textContent)).toEqual(['Export the list', 'Batch actions']);
    expect(box('Applicant file').closest('li')).toHaveTextContent('Opened from another page');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('denying a page denies and disables its buttons; granting it again grants them; Reset restores what is stored', async () => {
    mockApi({ [url('list')]: () => ok(LIST) });
    show();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Applications' }));
    expect(box('Applications')).not.toBeChecked();
    for (const name of ['Export the list', 'Batch actions']) {
      expect(box(name)).not.toBeChecked();
      expect(box(name)).toBeDisabled();
    }
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    fireEvent.click(box('Applications'));
    expect(box('Export the list')).toBeChecked();
    expect(box('Export the list')).toBeEnabled();
    fireEvent.click(box('Export the list'));
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(box('Export the list')).toBeChecked();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('saves the whole grant of the role with the version it was read at, and says so', async () => {
    const saved: StaffRoleView = { ...DEPT, version: 'v2', groups: [{ ...DEPT.groups[0]!, pages: DEPT.groups[0]!.pages.map((p) => ({ ...p, buttons: p.buttons.map((b) => ({ ...b, granted: b.key !== 'staff:applications:export' })) })) }] };
    const calls = mockApi({ [url('list')]: () => ok(LIST), [url('save')]: () => ok({ role: saved }) });
    show();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Export the list' }));
    fireEvent.click(box('Photo review'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(bodies(calls, 'save')).toEqual([
        { roleKey: 'zs_dept', granted: ['staff/dashboard', 'staff/applications', 'staff:applications:batch', 'staff/applicationFile', 'staff:applications:revealId', 'staff/photoReview'], version: 'v1' },
      ]),
    );
    expect(await screen.findByText('Saved: Department secretary now has these pages and buttons.')).toBeInTheDocument();
    // What is shown now is what the server stored.
    expect(box('Export the list')).not.toBeChecked();
    expect(box('Photo review')).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('a save refused because someone changed the role meanwhile shows the server’s reason and reads the role again', async () => {
    let reads = 0;
    const calls = mockApi({
      [url('list')]: () => ok(reads++ === 0 ? LIST : { roles: [{ ...DEPT, version: 'v9', groups: [{ ...DEPT.groups[0]!, pages: DEPT.groups[0]!.pages.map((p) => ({ ...p, granted: p.key !== 'staff/dashboard' })) }] }, SYSADMIN] }),
      [url('save')]: () => fail(409, 'Someone else changed this role’s pages meanwhile.'),
    });
    show();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Batch actions' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Someone else changed this role’s pages meanwhile.');
    await waitFor(() => expect(box('Overview')).not.toBeChecked());
    expect(box('Batch actions')).toBeChecked();
    expect(bodies(calls, 'save')).toHaveLength(1);
    expect(calls.filter((c) => c.url === url('list'))).toHaveLength(2);
  });

  it('keeps the Roles page with the system administrator: its box cannot be cleared, and says why', async () => {
    mockApi({ [url('list')]: () => ok(LIST) });
    show();
    fireEvent.click(await screen.findByRole('radio', { name: 'System administrator' }));
    expect(await screen.findByText('Reach: the running of the portal, no applicant’s record.')).toBeInTheDocument();
    expect(box('Roles')).toBeChecked();
    expect(box('Roles')).toBeDisabled();
    expect(box('Roles')).toHaveAccessibleDescription('Always kept for the system administrator: otherwise nobody could undo a change here.');
    expect(box('Staff accounts')).toBeEnabled();
  });
});
