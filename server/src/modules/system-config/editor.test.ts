import { DOCTOR_AREA, SUMMER_CAMP_AREA, TMS_AREA, type ConfigEntryView, type ConfigListView, type MaterialsView, type NotesListView, type NotesUpdateView, type SystemConfigEntry } from '@gradus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, signIn, type TestApp } from '../../../test/harness';

let t: TestApp;
let sysadmin: string;
let office: string;

const post = <T = null>(path: string, token: string, body: unknown, lang = 'en') => call<T>(t.app, `/mucgrs-service/staff/${path}`, { token, body, lang });
const list = async () => (await post<ConfigListView>('config/list', sysadmin, {})).data;
const entry = async (area: string, key: string): Promise<ConfigEntryView> => {
  const found = (await list()).areas.find((a) => a.area === area)?.entries.find((e) => e.key === key);
  if (!found) throw new Error(`no entry ${area}.${key}`);
  return found;
};
const update = async (area: string, key: string, value: string, lang = 'en') => post<ConfigEntryView>('config/update', sysadmin, { area, key, value, seenAt: (await entry(area, key)).updatedAt }, lang);
const stored = async (area: string, key: string) =>
  (await t.app.ctx.db.selectFrom('system_config').select('system_value').where('system_type', '=', area).where('system_key', '=', key).executeTakeFirst())?.system_value;
const auditOf = async (event: string) =>
  t.app.ctx.db.selectFrom('audit_event').select(['subject', 'detail', 'user_id']).where('event', '=', event).orderBy('id', 'desc').execute();

beforeAll(async () => {
  t = await buildTestApp();
  sysadmin = await signIn(t.app, 'sysadmin');
  office = await signIn(t.app, 'admin');
});
afterAll(async () => t.close());

describe('configuration editor: every area’s values in one list', () => {
  it('lists each area with its known keys (set or not) and what else its rows hold, and never a secret’s value', async () => {
    const view = await list();
    expect(view.areas.map((a) => a.area)).toEqual(['system', DOCTOR_AREA, 'master', SUMMER_CAMP_AREA, TMS_AREA, 'gat']);
    const doctor = view.areas.find((a) => a.area === DOCTOR_AREA)!.entries;
    expect(doctor.map((e) => e.key)).toEqual(expect.arrayContaining(['applicationFee', 'materials.categories', 'photo.maxKb', 'notice', 'registrationStart']));
    expect(doctor.find((e) => e.key === 'photo.maxKb')).toMatchObject({ kind: 'integer', editing: 'here', set: false, value: null, fallback: '500' });
    expect(doctor.find((e) => e.key === 'registrationStart')).toMatchObject({ editing: 'cycle', set: true });
    expect(doctor.find((e) => e.key === 'notice')).toMatchObject({ editing: 'notes', kind: 'html' });
    const key = view.areas.find((a) => a.area === 'system')!.entries.find((e) => e.key === 'paymentSandboxKey')!;
    expect(key).toMatchObject({ secret: true, set: true, value: null, editing: 'here' });
    const real = await stored('system', 'paymentSandboxKey');
    expect(JSON.stringify(view)).not.toContain(real);
  });

  it('shows a key the portal does not know, read-only, and refuses to write it', async () => {
    await t.app.ctx.db.insertInto('system_config').values({ system_type: TMS_AREA, system_key: 'legacy.banner', system_value: 'old', is_secret: 0, updated_at: t.clock.now() }).execute();
    expect(await entry(TMS_AREA, 'legacy.banner')).toMatchObject({ kind: null, editing: 'unknown', value: 'old' });
    const r = await update(TMS_AREA, 'legacy.banner', 'new');
    expect(r.code).toBe(400);
    expect(r.msg).toBe('legacy.banner: the portal does not know this key, so it cannot be changed here.');
    expect(await stored(TMS_AREA, 'legacy.banner')).toBe('old');
  });

  it('changes a fee, kept with two decimals; audited with the old and new value', async () => {
    const r = await update(DOCTOR_AREA, 'applicationFee', '350');
    expect(r.code, r.msg).toBe(0);
    expect(r.data).toMatchObject({ value: '350.00', set: true });
    expect(await stored(DOCTOR_AREA, 'applicationFee')).toBe('350.00');
    const [row] = await auditOf('config.update');
    expect(row!.subject).toBe('doctor.applicationFee');
    expect(JSON.parse(row!.detail!)).toEqual({ area: DOCTOR_AREA, key: 'applicationFee', before: '200.00', after: '350.00' });
  });

  it.each([
    [DOCTOR_AREA, 'applicationFee', '0', 'Application fee: a positive amount with at most two decimals, such as 200.00'],
    [DOCTOR_AREA, 'applicationFee', '-5', 'Application fee: a positive amount with at most two decimals, such as 200.00'],
    [DOCTOR_AREA, 'applicationFee', '12.345', 'Application fee: a positive amount with at most two decimals, such as 200.00'],
    [DOCTOR_AREA, 'photo.maxKb', '99999', 'Photo: largest file: a whole number of KB from 1 to 20480'],
    [DOCTOR_AREA, 'photo.minWidth', 'wide', 'Photo: smallest width: a whole number of pixels from 1 to 100000'],
    [DOCTOR_AREA, 'admission.fileTransferDeadline', '31/07/2027', 'File-transfer deadline: a date and time with its offset, such as 2027-03-01T09:00:00+08:00'],
    [DOCTOR_AREA, 'materials.categories', '[{"key": "idPhoto",', 'Material categories: not readable JSON (check the brackets, commas and quotes)'],
    [DOCTOR_AREA, 'materials.categories', '[]', 'Material categories: at least one category is needed'],
    [DOCTOR_AREA, 'materials.categories', '{"key":"idPhoto"}', 'Material categories: a list of categories in square brackets'],
    ['system', 'systemName', '   ', 'Portal name: required'],
    ['system', 'paymentSandboxKey', 'short', 'Payment sandbox signing key: 24 to 200 letters, digits, - or _'],
  ])('refuses %s.%s = %j with a message naming the key, changing nothing', async (area, key, value, message) => {
    const before = await stored(area, key);
    const audits = (await auditOf('config.update')).length;
    const r = await update(area, key, value);
    expect(r.code).toBe(400);
    expect(r.msg).toBe(message);
    expect(await stored(area, key)).toBe(before);
    expect((await auditOf('config.update')).length).toBe(audits);
  });

  it('names the row and property of a bad material category, in the caller’s language', async () => {
    const categories = JSON.parse(JSON.stringify([{ key: 'idPhoto', required: true, types: ['jpg'], maxKb: 500, maxFiles: 1, phase: 'application', template: null }, { key: 'cv', required: true, types: ['pdf'], maxKb: 99_999, maxFiles: 1, phase: 'application', template: null }]));
    const r = await update(DOCTOR_AREA, 'materials.categories', JSON.stringify(categories));
    expect(r.msg).toBe('Material categories, row 2, maxKb: too long');
    const zh = await update(DOCTOR_AREA, 'materials.categories', JSON.stringify([{ ...categories[1], maxKb: 100 }]), 'zh-CN');
    expect(zh.msg).toBe('材料类别：不能删除证件照类别（idPhoto）');
    const twice = await update(DOCTOR_AREA, 'materials.categories', JSON.stringify([categories[0], categories[0]]), 'es');
    expect(twice.msg).toBe('Categorías de documentos: dos categorías tienen la misma clave');
  });

  it('keeps a photo range in order: the smallest width cannot pass the largest', async () => {
    const r = await update(DOCTOR_AREA, 'photo.minWidth', '1300');
    expect(r.code).toBe(400);
    expect(r.msg).toBe('This value cannot be more than 1200, the largest allowed for the same rule: raise that first.');
    expect((await update(DOCTOR_AREA, 'photo.maxWidth', '1500')).code).toBe(0);
    expect((await update(DOCTOR_AREA, 'photo.minWidth', '1300')).code).toBe(0);
    expect((await update(DOCTOR_AREA, 'photo.maxWidth', '1000')).msg).toBe('This value cannot be less than 1300, the smallest allowed for the same rule: lower that first.');
  });

  it('applies a material rule to the next applicant call at once (nothing kept in memory outlives it)', async () => {
    const applicant = await signIn(t.app, 'assessment');
    const photoKb = async () => (await call<MaterialsView>(t.app, '/mucgrs-service/doctor/materials/list', { token: applicant, body: { phase: 'application' } })).data.photoRules?.maxKb;
    expect(await photoKb()).toBe(500);
    expect((await update(DOCTOR_AREA, 'photo.maxKb', '800')).code).toBe(0);
    expect(await photoKb()).toBe(800);
  });

  it('replaces a secret without ever sending it, and audits that it changed, not what to', async () => {
    const newKey = 'k'.repeat(30);
    const r = await update('system', 'paymentSandboxKey', newKey);
    expect(r.code, r.msg).toBe(0);
    expect(r.data).toMatchObject({ secret: true, set: true, value: null });
    expect(r.raw.body).not.toContain(newKey);
    expect(await stored('system', 'paymentSandboxKey')).toBe(newKey);
    const [row] = await auditOf('config.update');
    expect(row!.detail).not.toContain(newKey);
    expect(JSON.parse(row!.detail!)).toEqual({ area: 'system', key: 'paymentSandboxKey', secret: true });
    const clientView = await call<SystemConfigEntry[]>(t.app, '/mucgrs-service/grsjy/systemConfig/detail', { token: sysadmin, body: {} });
    expect(clientView.raw.body).not.toContain(newKey);
  });

  it.each([
    [DOCTOR_AREA, 'registrationEnd', 'windows and release switches belong to the cycle'],
    [DOCTOR_AREA, 'stage.2027.feePaid.closesAt', 'windows and release switches belong to the cycle'],
    [DOCTOR_AREA, 'release.2027.languageScore', 'windows and release switches belong to the cycle'],
    ['system', 'recruitYear', 'the recruitment year changes when a new cycle is started'],
    [DOCTOR_AREA, 'notice', 'Notes for applicants page'],
  ])('leaves %s.%s to the page that owns it', async (area, key, says) => {
    const before = await stored(area, key);
    const r = await post('config/update', sysadmin, { area, key, value: '1', seenAt: null });
    expect(r.code).toBe(400);
    expect(r.msg).toContain(says);
    expect(await stored(area, key)).toBe(before);
  });

  it('refuses to overwrite a change made after the editor loaded the value', async () => {
    const seenAt = (await entry('system', 'systemName')).updatedAt;
    t.clock.advance(1000);
    expect((await post('config/update', sysadmin, { area: 'system', key: 'systemName', value: 'Graduate School', seenAt })).code).toBe(0);
    const late = await post('config/update', sysadmin, { area: 'system', key: 'systemName', value: 'Something else', seenAt }, 'ja');
    expect(late.code).toBe(409);
    expect(late.msg).toContain('他の人がこの値を変更しました');
    expect(await stored('system', 'systemName')).toBe('Graduate School');
  });

  it('refuses a malformed call with a translated message', async () => {
    expect((await post('config/update', sysadmin, { area: 'moon', key: 'x', value: '1', seenAt: null })).msg).toBe('Area: not one of the allowed choices');
    expect((await post('config/update', sysadmin, { area: DOCTOR_AREA, key: 'applicationFee', value: 200, seenAt: null })).msg).toBe('Value: wrong type of value');
    expect((await post('config/update', sysadmin, { area: DOCTOR_AREA, key: 'applicationFee', value: '1'.repeat(20_001), seenAt: null })).msg).toBe('Value: too long');
  });

  it('is the system administrator’s alone', async () => {
    expect((await post('config/list', office, {})).code).toBe(403);
    const r = await post('config/update', office, { area: DOCTOR_AREA, key: 'applicationFee', value: '1.00', seenAt: null });
    expect(r.code).toBe(403);
  });
});

describe('notes applicants read: the admissions office writes them', () => {
  const notesOf = async (token = office) => (await post<NotesListView>('notes/list', token, {})).data.notes;
  const save = async (area: string, html: string, lang = 'en') => {
    const seenAt = (await notesOf()).find((n) => n.area === area)?.updatedAt ?? null;
    return post<NotesUpdateView>('notes/update', office, { area, html, seenAt }, lang);
  };

  it('lists the notes of every area applicants read', async () => {
    const notes = await notesOf();
    expect(notes.map((n) => n.area)).toEqual([DOCTOR_AREA, 'gat', SUMMER_CAMP_AREA, TMS_AREA, 'master', 'system']);
    expect(notes.find((n) => n.area === DOCTOR_AREA)!.html).toContain('博士研究生报名须知');
  });

  it('keeps the notes as sanitised on the server, says what it took out, and the applicant reads them so', async () => {
    const r = await save(DOCTOR_AREA, '<h2>Read this</h2><p onclick="x()">Fees are due by <strong>1 March</strong>.</p><script>steal()</script><a href="javascript:alert(1)">x</a>');
    expect(r.code, r.msg).toBe(0);
    expect(r.data.note.html).toBe('<h2>Read this</h2><p>Fees are due by <strong>1 March</strong>.</p><a>x</a>');
    expect(r.data.removed.sort()).toEqual(['href', 'onclick', 'script']);
    const applicant = await signIn(t.app, 'assessment');
    const config = await call<SystemConfigEntry[]>(t.app, '/mucgrs-service/grsjy/systemConfig/detail', { token: applicant, body: {} });
    expect(config.data.find((e) => e.systemType === DOCTOR_AREA && e.systemKey === 'notice')!.systemValue).toBe(r.data.note.html);
    const [row] = await auditOf('notes.update');
    expect(row!.subject).toBe('doctor.notice');
    const detail = JSON.parse(row!.detail!);
    expect(detail.before).toContain('博士研究生报名须知');
    expect(detail.after).toBe(r.data.note.html);
    expect(detail.removed.sort()).toEqual(['href', 'onclick', 'script']);
  });

  it('refuses bad input with a translated message and changes nothing', async () => {
    const before = (await notesOf()).find((n) => n.area === TMS_AREA)!.html;
    expect((await save(TMS_AREA, 'x'.repeat(20_001))).msg).toBe('Notes: too long');
    expect((await post('notes/update', office, { area: 'moon', html: '', seenAt: null }, 'zh-CN')).code).toBe(400);
    expect((await post('notes/update', office, { area: TMS_AREA, html: null, seenAt: null })).msg).toBe('Notes: required');
    const stale = await post('notes/update', office, { area: TMS_AREA, html: '<p>new</p>', seenAt: '2020-01-01T00:00:00.000Z' });
    expect(stale.code).toBe(409);
    expect((await notesOf()).find((n) => n.area === TMS_AREA)!.html).toBe(before);
  });

  it('is the admissions office’s, not the system administrator’s or an expert’s', async () => {
    expect((await post('notes/list', sysadmin, {})).code).toBe(403);
    expect((await post('notes/update', sysadmin, { area: 'gat', html: '<p>x</p>', seenAt: null })).code).toBe(403);
    const reviewer = await signIn(t.app, 'reviewer');
    expect((await post('notes/list', reviewer, {})).code).toBe(403);
  });
});
