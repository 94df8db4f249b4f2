import { ID_PHOTO_CATEGORY, QUALIFICATION_REVIEW_STAGE } from '@gradus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/harness';

/**
 * The demo walks sixty applicants through the portal's own services to every state the list
 * filters by: afterwards each form's kept states must say what the orders, materials and decisions
 * say, worked out here again from those tables without the module's SQL.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ seed: 'demo' });
});
afterAll(async () => t.close());

const keyOf = (r: { user_id: number; recruit_year: string; area: string }) => `${r.user_id}/${r.recruit_year}/${r.area}`;

describe('the list states after the demo seed', () => {
  it('equal, for every form, the states the orders, materials and decisions give', async () => {
    const db = t.app.ctx.db;
    const [forms, paidOrders, photos, decisions] = await Promise.all([
      db.selectFrom('application_form').select(['user_id', 'recruit_year', 'area', 'fee_paid', 'photo_status', 'qualification']).orderBy('id').execute(),
      db.selectFrom('payment_order').select(['user_id', 'recruit_year', 'area']).where('status', '=', 'paid').execute(),
      db.selectFrom('application_material').select(['user_id', 'recruit_year', 'area', 'status']).where('category', '=', ID_PHOTO_CATEGORY).orderBy('id').execute(),
      db.selectFrom('review_decision').select(['user_id', 'recruit_year', 'area', 'outcome']).where('stage', '=', QUALIFICATION_REVIEW_STAGE).execute(),
    ]);
    const paid = new Set(paidOrders.map(keyOf));
    // Oldest first, so the last one kept per application is the newest photo.
    const newestPhoto = new Map(photos.map((p) => [keyOf(p), p.status]));
    const outcome = new Map(decisions.map((d) => [keyOf(d), d.outcome]));

    const stored = forms.map((f) => ({ form: keyOf(f), feePaid: f.fee_paid, photo: f.photo_status, qualification: f.qualification }));
    const recomputed = forms.map((f) => ({
      form: keyOf(f),
      feePaid: paid.has(keyOf(f)) ? 1 : 0,
      photo: newestPhoto.get(keyOf(f)) ?? 'missing',
      qualification: outcome.get(keyOf(f)) ?? 'pending',
    }));
    expect(stored).toEqual(recomputed);

    // The comparison means something only if the demo reaches the states on both sides.
    expect(forms.length).toBeGreaterThan(40);
    expect(new Set(stored.map((s) => s.feePaid))).toEqual(new Set([0, 1]));
    // 'missing': the tuimian application asks for no photo.
    expect(new Set(stored.map((s) => s.photo))).toEqual(new Set(['uploaded', 'approved', 'rejected', 'missing']));
    expect(new Set(stored.map((s) => s.qualification))).toEqual(new Set(['pending', 'pass', 'fail']));
  });
});
