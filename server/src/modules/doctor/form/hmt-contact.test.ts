import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormDetailView, SaveDraftResponse, SubmitFormResponse } from '@gradus/contract';
import { buildTestApp, call, signIn, type TestApp } from '../../../../test/harness';
import { seedCatalogue } from '../demo/catalogue';
import { catalogueIds, completeSections, uploadRequiredMaterials, type CatalogueIds } from './fixtures';

/**
 * Hong Kong, Macao and Taiwan applicants (register type 4) have no mainland-only rule: their mobile
 * carries its country code and their address may have no postcode. A mainland applicant's form
 * keeps both rules.
 */
let t: TestApp;
let ids: CatalogueIds;
beforeAll(async () => {
  t = await buildTestApp();
  await seedCatalogue(t.app.ctx.db);
  ids = await catalogueIds(t.app.ctx.db);
});
afterAll(async () => t.close());

const url = (name: string) => `/mucgrs-service/doctor/form/${name}`;
const userOf = async (number: string) => {
  const row = await t.app.ctx.db.selectFrom('app_user').select(['id', 'recruit_year']).where('applicant_number', '=', number).executeTakeFirstOrThrow();
  return { userId: row.id, recruitYear: row.recruit_year! };
};

async function prepared(who: 'taiwan' | 'assessment', number: string, contact: Record<string, string>) {
  const token = await signIn(t.app, who);
  const sections = completeSections(ids);
  const saved = await call<SaveDraftResponse>(t.app, url('saveDraft'), { token, body: { version: 0, sections: { ...sections, contact: { ...sections.contact, ...contact } } } });
  expect(saved.code).toBe(0);
  await uploadRequiredMaterials(t.app.ctx.db, await userOf(number), t.clock.now());
  const status = async () => (await call<FormDetailView>(t.app, url('detail'), { token, body: {} })).data.status;
  const saveContact = async (patch: Record<string, string>) => {
    const version = (await call<FormDetailView>(t.app, url('detail'), { token, body: {} })).data.version;
    return call<SaveDraftResponse>(t.app, url('saveDraft'), { token, body: { version, sections: { contact: { ...sections.contact, ...patch } } } });
  };
  const submit = async (lang?: string) => {
    const version = (await call<FormDetailView>(t.app, url('detail'), { token, body: {} })).data.version;
    return call<SubmitFormResponse>(t.app, url('submit'), { token, body: { version }, ...(lang ? { lang } : {}) });
  };
  return { status, saveContact, submit };
}

describe('a Taiwan applicant’s contact section', () => {
  it('refuses a mobile without its country code, in the caller’s language, and submits nothing', async () => {
    const form = await prepared('taiwan', '2027400002', { mobile: '0912345678', postcode: '' });
    const r = await form.submit();
    expect(r.code).toBe(400);
    expect(r.msg).toContain('needs its country code');
    expect(r.msg).not.toContain('Postcode');
    const zh = await form.submit('zh-CN');
    expect(zh.msg).toContain('需带国家或地区代码');
    expect(await form.status()).toBe('draft');

    expect((await form.saveContact({ mobile: '+886 912 345 678', postcode: '' })).code).toBe(0);
    const ok = await form.submit();
    expect(ok.code).toBe(0);
    expect(await form.status()).toBe('submitted');
  });
});

describe('a mainland applicant’s contact section', () => {
  it('still needs a postcode', async () => {
    const form = await prepared('assessment', '2027100001', { postcode: '' });
    const r = await form.submit();
    expect(r.code).toBe(400);
    expect(r.msg).toMatch(/Postcode: required/);
    expect(await form.status()).toBe('draft');
  });
});
