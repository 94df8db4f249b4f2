import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ConfigEntryView, ConfigListView, NotesListView } from '@gradus/contract/api/staff-config';
import { changeLanguage } from '@/lib/i18n';
import { Wrapper } from '@/test/render';
import { fail, mockApi, ok, type Call, type Handler } from '@/test/api';
import ConfigPage from './pages/ConfigPage';
import NotesPage from './pages/NotesPage';

const url = (call: string) => `/mucgrs-service/staff/${call}`;
const AT = '2026-11-02T01:00:00.000Z';
const entry = (patch: Partial<ConfigEntryView>): ConfigEntryView => ({ area: 'doctor', key: 'applicationFee', kind: 'amount', editing: 'here', value: '200.00', secret: false, set: true, fallback: null, updatedAt: AT, ...patch });

function configServer(routes: Record<string, Handler> = {}): Call[] {
  const view: ConfigListView = {
    areas: [
      { area: 'system', entries: [entry({ area: 'system', key: 'systemName', kind: 'text', value: 'Gradus' }), entry({ area: 'system', key: 'paymentSandboxKey', kind: 'secret', secret: true, value: null })] },
      {
        area: 'doctor',
        entries: [
          entry({}),
          entry({ key: 'photo.maxKb', kind: 'integer', value: null, set: false, fallback: '500', updatedAt: null }),
          entry({ key: 'registrationEnd', kind: 'dateTime', editing: 'cycle', value: '2027-03-01T00:00:00.000Z' }),
          entry({ key: 'legacy.banner', kind: null, editing: 'unknown', value: 'old' }),
          entry({ key: 'stage.2027.feePaid.closesAt', kind: null, editing: 'cycle', value: '2027-04-01T00:00:00.000Z' }),
        ],
      },
    ],
  };
  return mockApi({ [url('config/list')]: () => ok(view), [url('config/update')]: (body) => ok({ ...entry({}), value: (body as { value: string }).value }), ...routes });
}
const bodies = (calls: Call[], call: string) => calls.filter((c) => c.url === url(call)).map((c) => c.body as Record<string, unknown>);
const dialog = async (title: string) => (await screen.findByText(title, { selector: '.ant-modal-title' })).closest<HTMLElement>('[role="dialog"]')!;

afterEach(async () => {
  await changeLanguage('en');
});

describe('configuration page', () => {
  it('shows each area’s keys by name, a secret only as set, and where a value is changed when not here', async () => {
    configServer();
    render(<Wrapper path="/system/config?area=system"><ConfigPage /></Wrapper>);
    expect(await screen.findByRole('heading', { level: 1, name: 'Configuration' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Payment sandbox signing key' })).toBeInTheDocument();
    expect(screen.getByText('Set (never shown)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Replace Payment sandbox signing key' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('radio', { name: 'Doctoral' }));
    expect(await screen.findByRole('heading', { name: 'Application fee' })).toBeInTheDocument();
    expect(screen.getByText('Not set: the portal uses 500')).toBeInTheDocument();
    expect(screen.getByText('Part of the cycle: changed on its timeline by the admissions office, not here.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change Registration closes' })).toBeNull();
    // A key the portal does not know: shown as stored, by its key, and not changed here.
    expect(screen.getByRole('heading', { name: 'legacy.banner' })).toBeInTheDocument();
    expect(screen.getByText('The portal does not use this key: shown as stored, not changed here.')).toBeInTheDocument();
    // A cycle's per-year keys are folded away, read-only.
    const folded = screen.getByRole('button', { name: 'The cycle’s stage windows and release switches by year (1, read-only here)' });
    expect(screen.queryByRole('heading', { name: 'stage.2027.feePaid.closesAt' })).toBeNull();
    fireEvent.click(folded);
    expect(await screen.findByRole('heading', { name: 'stage.2027.feePaid.closesAt' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/system/config?area=doctor');
  });

  it('checks a value as it is typed, sends nothing bad, then saves with when it was loaded', async () => {
    const calls = configServer();
    render(<Wrapper path="/system/config?area=doctor"><ConfigPage /></Wrapper>);
    fireEvent.click(await screen.findByRole('button', { name: 'Change Application fee' }));
    const box = await dialog('Change Application fee');
    const input = within(box).getByRole('textbox', { name: 'Application fee' });
    fireEvent.change(input, { target: { value: '-3' } });
    fireEvent.click(within(box).getByRole('button', { name: 'Save' }));
    expect(await within(box).findByText('Application fee must be a positive amount with at most two decimals, such as 200.00.')).toBeInTheDocument();
    expect(bodies(calls, 'config/update')).toEqual([]);
    fireEvent.change(input, { target: { value: '350' } });
    fireEvent.click(within(box).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies(calls, 'config/update')).toEqual([{ area: 'doctor', key: 'applicationFee', value: '350', seenAt: AT }]));
    await waitFor(() => expect(screen.queryByText('Change Application fee', { selector: '.ant-modal-title' })).toBeNull());
  });

  it('keeps the dialog open with the server’s refusal, and never shows or prefills a secret', async () => {
    const calls = configServer({ [url('config/update')]: () => fail(409, 'Someone else changed this value after you opened the page.') });
    render(<Wrapper path="/system/config?area=system"><ConfigPage /></Wrapper>);
    fireEvent.click(await screen.findByRole('button', { name: 'Replace Payment sandbox signing key' }));
    const box = await dialog('Replace Payment sandbox signing key');
    const input = within(box).getByLabelText('New value (the current one is never shown)') as HTMLInputElement;
    expect(input.value).toBe('');
    fireEvent.change(input, { target: { value: 'short' } });
    fireEvent.click(within(box).getByRole('button', { name: 'Save' }));
    expect(await within(box).findByText('Payment sandbox signing key must be 24 to 200 letters, digits, - or _.')).toBeInTheDocument();
    fireEvent.change(input, { target: { value: 'k'.repeat(30) } });
    fireEvent.click(within(box).getByRole('button', { name: 'Save' }));
    expect(await within(box).findByText('Someone else changed this value after you opened the page.')).toBeInTheDocument();
    expect(bodies(calls, 'config/update')).toHaveLength(1);
  });

  it('names a bad material category’s row, in Chinese too', async () => {
    configServer({
      [url('config/list')]: () => ok({ areas: [{ area: 'doctor', entries: [entry({ key: 'materials.categories', kind: 'json', value: '[]' })] }] } satisfies ConfigListView),
    });
    await changeLanguage('zh-CN');
    render(<Wrapper path="/system/config?area=doctor"><ConfigPage /></Wrapper>);
    fireEvent.click(await screen.findByRole('button', { name: '修改材料类别' }));
    const box = await dialog('修改材料类别');
    fireEvent.change(within(box).getByRole('textbox', { name: '材料类别' }), { target: { value: '[{"key":"idPhoto"' } });
    fireEvent.click(within(box).getByRole('button', { name: /^保\s?存$/ }));
    expect(await within(box).findByText('材料类别不是可读的 JSON：请检查括号、逗号和引号。')).toBeInTheDocument();
  });
});

function notesServer(routes: Record<string, Handler> = {}): Call[] {
  const view: NotesListView = {
    notes: [
      { area: 'doctor', html: '<h2>Doctoral applicants: please read</h2><p>Pay the fee.</p>', updatedAt: AT },
      { area: 'gat', html: '', updatedAt: null },
    ],
  };
  return mockApi({ [url('notes/list')]: () => ok(view), ...routes });
}

describe('notes for applicants', () => {
  it('previews the notes as the applicant sees them, without what the server would remove', async () => {
    notesServer();
    render(<Wrapper path="/admissions/notes"><NotesPage /></Wrapper>);
    expect(await screen.findByRole('heading', { level: 1, name: 'Notes for applicants' })).toBeInTheDocument();
    const source = await screen.findByRole('textbox', { name: 'Notes (HTML)' });
    expect(within(screen.getByTestId('notes-preview')).getByRole('heading', { name: 'Doctoral applicants: please read' })).toBeInTheDocument();
    fireEvent.change(source, { target: { value: '<p onclick="x()">Hello</p><script>document.title="x"</script><iframe src="https://evil.example"></iframe>' } });
    const preview = screen.getByTestId('notes-preview');
    expect(preview.innerHTML).toBe('<p>Hello</p>');
  });

  it('saves, says what the server removed, and shows a refusal without losing the draft', async () => {
    let refuse = false;
    const calls = notesServer({
      [url('notes/update')]: () => {
        if (refuse) return fail(409, 'Someone else changed this value after you opened the page.');
        return ok({ note: { area: 'doctor', html: '<p>Hello</p>', updatedAt: '2026-11-02T02:00:00.000Z' }, removed: ['onclick', 'script'] });
      },
    });
    render(<Wrapper path="/admissions/notes"><NotesPage /></Wrapper>);
    const source = await screen.findByRole('textbox', { name: 'Notes (HTML)' });
    const save = screen.getByRole('button', { name: 'Save notes' });
    expect(save).toBeDisabled();
    fireEvent.change(source, { target: { value: '<p onclick="x()">Hello</p><script>1</script>' } });
    fireEvent.click(save);
    expect(await screen.findByText('Removed for safety when saving: onclick, script. The notes now read as the preview shows.')).toBeInTheDocument();
    expect(bodies(calls, 'notes/update')).toEqual([{ area: 'doctor', html: '<p onclick="x()">Hello</p><script>1</script>', seenAt: AT }]);
    expect(source).toHaveValue('<p>Hello</p>');

    refuse = true;
    fireEvent.change(source, { target: { value: '<p>Later</p>' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save notes' }));
    expect(await screen.findByText('Someone else changed this value after you opened the page.')).toBeInTheDocument();
    expect(source).toHaveValue('<p>Later</p>');
  });

  it('refuses notes over the limit before sending them', async () => {
    const calls = notesServer();
    render(<Wrapper path="/admissions/notes?area=gat"><NotesPage /></Wrapper>);
    const source = await screen.findByRole('textbox', { name: 'Notes (HTML)' });
    expect(screen.getByText('Read by Hong Kong, Macao and Taiwan doctoral applicants.')).toBeInTheDocument();
    fireEvent.change(source, { target: { value: 'x'.repeat(20_001) } });
    expect(screen.getByRole('alert')).toHaveTextContent('The notes are too long: at most 20000 characters.');
    fireEvent.click(screen.getByRole('button', { name: 'Save notes' }));
    expect(bodies(calls, 'notes/update')).toEqual([]);
  });
});
