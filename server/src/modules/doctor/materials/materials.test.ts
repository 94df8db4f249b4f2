import { PORTAL_ACTOR } from '../../admissions/staff-audit';
import { DEFAULT_MATERIAL_CATEGORIES, ID_PHOTO_CATEGORY, type MaterialsView, type MaterialUploadView, type PhotoReviewView } from '@gradus/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, call, signIn, type Reply, type TestApp, runAdmin } from '../../../../test/harness';
import { UsageError } from '../../../cli/commands';
import { jpeg, multipartBody, multipartHeaders, pdf, storedFiles } from './fixtures';
import { currentPhotoId, reviewPhoto } from './staff';

let t: TestApp;
const who = { doctor: { token: '', id: 0, year: '' }, successive: { token: '', id: 0, year: '' } };
type Who = keyof typeof who;
beforeAll(async () => {
  t = await buildTestApp();
  for (const [name, number] of [['doctor', '2027100001'], ['successive', '2027200001']] as const) {
    const row = await db().selectFrom('app_user').select(['id', 'recruit_year']).where('applicant_number', '=', number).executeTakeFirstOrThrow();
    who[name] = { token: await signIn(t.app, name === 'doctor' ? 'assessment' : name), id: row.id, year: row.recruit_year! };
  }
});
afterAll(async () => t.close());

const db = () => t.app.ctx.db;
const admin = (...argv: string[]) => runAdmin(t, ...argv);

/** Each test starts with draft-less applicants holding no materials, and the photo review unpublished. */
beforeEach(async () => {
  for (const { id } of Object.values(who)) {
    const rows = await db().selectFrom('application_material').select(['id', 'stored_file_id']).where('user_id', '=', id).execute();
    for (const r of rows) {
      await db().deleteFrom('application_material').where('id', '=', r.id).execute();
      await db().deleteFrom('stored_file').where('id', '=', r.stored_file_id).execute();
    }
    await db().deleteFrom('application_form').where('user_id', '=', id).execute();
  }
  await admin('release', '--what', 'photoReview', '--off');
});

async function submitForm(name: Who = 'doctor'): Promise<void> {
  const { id, year } = who[name];
  t.clock.advance(1000);
  const now = t.clock.now();
  await db().insertInto('application_form').values({ user_id: id, recruit_year: year, area: 'doctor', status: 'submitted', sections_json: '{}', version: 1, saved_at: now, submitted_at: now, created_at: now }).execute();
  t.clock.advance(1000);
}

async function upload(category: string, content: Buffer, name: Who = 'doctor', filename = 'file.pdf'): Promise<Reply<MaterialUploadView>> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/mucgrs-service/doctor/materials/upload',
    headers: { ...multipartHeaders, authorization: `Bearer ${who[name].token}` },
    payload: multipartBody([{ name: 'category', value: category }, { name: 'file', filename, content }]),
  });
  const body = res.json<{ code: number; msg: string; data: MaterialUploadView }>();
  return { status: res.statusCode, ...body, raw: res };
}
const list = (phase: unknown, name: Who = 'doctor') => call<MaterialsView>(t.app, '/mucgrs-service/doctor/materials/list', { token: who[name].token, body: { phase } });
const remove = (fileId: unknown, name: Who = 'doctor') => call(t.app, '/mucgrs-service/doctor/materials/delete', { token: who[name].token, body: { fileId } });
const photoReview = (name: Who = 'doctor') => call<PhotoReviewView>(t.app, '/mucgrs-service/doctor/materials/photoReview', { token: who[name].token, body: {} });
const photo = () => upload(ID_PHOTO_CATEGORY, jpeg(330, 462), 'doctor', 'me.jpg');

describe('list', () => {
  it('shows the application categories from the configuration with rules, files and the required count', async () => {
    await photo();
    await upload('transcript', pdf(1234));
    const r = await list('application');
    expect(r.code).toBe(0);
    const expected = DEFAULT_MATERIAL_CATEGORIES.filter((c) => c.phase === 'application');
    expect(r.data.categories.map((c) => c.key)).toEqual(expected.map((c) => c.key));
    expect(r.data).toMatchObject({ phase: 'application', lock: null, requiredCount: expected.filter((c) => c.required).length, requiredDone: 2 });
    expect(r.data.photoRules).toEqual({ minWidth: 295, minHeight: 413, maxWidth: 1200, maxHeight: 1600, maxKb: 500 });
    const recommendation = r.data.categories.find((c) => c.key === 'expertRecommendation');
    expect(recommendation).toMatchObject({ required: true, types: ['pdf'], maxKb: 5120, maxFiles: 2, template: '/zsData/download/expert-recommendation-template.pdf', canUpload: true, canDelete: true, files: [] });
    const transcript = r.data.categories.find((c) => c.key === 'transcript')!;
    expect(transcript.files).toEqual([expect.objectContaining({ originalName: 'file.pdf', sizeBytes: 1234, type: 'pdf', status: 'uploaded' })]);
    expect(r.data.categories.find((c) => c.key === ID_PHOTO_CATEGORY)).toMatchObject({ isPhoto: true, types: ['jpg'], maxKb: 500, maxFiles: 1 });
  });

  it('shows only the supplementary categories for that phase, locked until submission', async () => {
    const r = await list('supplementary');
    expect(r.data).toMatchObject({ phase: 'supplementary', lock: 'notSubmitted', photoRules: null, requiredCount: 0, requiredDone: 0 });
    expect(r.data.categories.map((c) => [c.key, c.canUpload])).toEqual([['supplementary', false]]);
  });

  it("never shows another applicant's files", async () => {
    await upload('transcript', pdf(), 'successive');
    const mine = await list('application');
    expect(mine.data.categories.flatMap((c) => c.files)).toEqual([]);
  });

  it.each([
    [{}, 'Materials stage: required'],
    [{ phase: 'final' }, 'Materials stage: not one of the allowed choices'],
    [{ phase: 'application', userId: 2 }, 'Account: not an accepted field'],
  ])('refuses %o with "%s"', async (body, message) => {
    const r = await call(t.app, '/mucgrs-service/doctor/materials/list', { token: who.doctor.token, body });
    expect(r.code).toBe(400);
    expect(r.msg).toBe(message);
  });

  it('answers only doctoral applicants', async () => {
    expect((await call(t.app, '/mucgrs-service/doctor/materials/list', { body: { phase: 'application' } })).code).toBe(401);
    const reviewer = await signIn(t.app, 'reviewer');
    expect((await call(t.app, '/mucgrs-service/doctor/materials/list', { token: reviewer, body: { phase: 'application' } })).code).toBe(403);
  });
});

describe('delete', () => {
  it('deletes an own file with its stored bytes', async () => {
    const before = storedFiles(t.dataDir);
    const up = await upload('transcript', pdf());
    expect(storedFiles(t.dataDir)).toHaveLength(before.length + 1);
    const r = await remove(up.data.file.id);
    expect(r.code).toBe(0);
    expect(storedFiles(t.dataDir)).toEqual(before);
    expect((await list('application')).data.categories.flatMap((c) => c.files)).toEqual([]);
    const gone = await call(t.app, '/mucgrs-service/system/files/getFileByte', { token: who.doctor.token, body: { filePath: up.data.file.filePath } });
    expect(gone.code).toBe(404);
  });

  it("another applicant's file is 'not found' and nothing changes", async () => {
    const theirs = await upload('transcript', pdf(), 'successive');
    const files = storedFiles(t.dataDir);
    const r = await remove(theirs.data.file.id, 'doctor');
    expect(r.code).toBe(404);
    expect(r.msg).toBe('The file does not exist or you cannot open it.');
    expect(storedFiles(t.dataDir)).toEqual(files);
    expect((await list('application', 'successive')).data.categories.flatMap((c) => c.files.map((f) => f.id))).toEqual([theirs.data.file.id]);
    expect((await remove(999_999)).code).toBe(404);
  });

  it.each([
    [{}, 'File: required'],
    [{ fileId: 'abc' }, 'File: wrong type of value'],
    [{ fileId: -1 }, 'File: wrong type of value'],
    [{ fileId: 1.5 }, 'File: wrong type of value'],
    [{ fileId: 1, owner: 'x' }, 'owner: not an accepted field'],
  ])('refuses %o with "%s"', async (body, message) => {
    const r = await call(t.app, '/mucgrs-service/doctor/materials/delete', { token: who.doctor.token, body });
    expect(r.code).toBe(400);
    expect(r.msg).toBe(message);
  });
});

describe('locks follow the form', () => {
  it('application materials are read-only once the form is submitted', async () => {
    const up = await upload('transcript', pdf());
    await submitForm();
    const view = (await list('application')).data;
    expect(view.lock).toBe('submitted');
    expect(view.categories.every((c) => !c.canUpload && !c.canDelete)).toBe(true);
    expect(view.categories.find((c) => c.key === 'transcript')!.files).toHaveLength(1);

    const files = storedFiles(t.dataDir);
    const again = await upload('transcript', pdf());
    expect(again.code).toBe(403);
    expect(again.msg).toBe('Your form has been submitted, so these materials can no longer be changed.');
    expect(again.raw.headers.connection).toBe('close');
    const del = await remove(up.data.file.id);
    expect(del.code).toBe(403);
    expect(storedFiles(t.dataDir)).toEqual(files);
    expect((await photo()).code).toBe(403);
  });

  it('a form returned by a reviewer keeps its materials locked (no form section holds materials)', async () => {
    const up = await upload('transcript', pdf());
    await submitForm();
    await admin('return-form', '--applicant', '2027100001', '--sections', 'contact,plan', '--reason', 'Add an emergency contact');
    expect((await db().selectFrom('application_form').select('status').where('user_id', '=', who.doctor.id).executeTakeFirstOrThrow()).status).toBe('returned');
    const view = (await list('application')).data;
    expect(view.lock).toBe('submitted');
    expect(view.categories.every((c) => !c.canUpload && !c.canDelete)).toBe(true);
    const files = storedFiles(t.dataDir);
    const again = await upload('transcript', pdf());
    expect(again.code).toBe(403);
    expect(again.msg).toBe('Your form has been submitted, so these materials can no longer be changed.');
    expect((await remove(up.data.file.id)).code).toBe(403);
    expect(storedFiles(t.dataDir)).toEqual(files);
    // Supplementary materials belong to a submitted form, returned or not.
    expect((await upload('supplementary', pdf())).code).toBe(0);
  });

  it('supplementary materials are refused before submission and accepted after', async () => {
    const before = await upload('supplementary', pdf());
    expect(before.code).toBe(403);
    expect(before.msg).toBe('Supplementary materials can be uploaded once your form has been submitted.');
    await submitForm();
    const after = await upload('supplementary', pdf());
    expect(after.code).toBe(0);
    expect((await list('supplementary')).data).toMatchObject({ lock: null, categories: [expect.objectContaining({ canUpload: true, canDelete: true, files: [expect.objectContaining({ id: after.data.file.id })] })] });
    expect((await remove(after.data.file.id)).code).toBe(0);
  });
});

describe('photo review', () => {
  it('is not visible before release, not even as a status in the list', async () => {
    const up = await photo();
    expect(await admin('review-photo', '--applicant', '2027100001', '--outcome', 'rejected', '--reason', 'Background is not plain')).toContain('rejected');
    const r = await photoReview();
    expect(r.code).toBe(0);
    expect(r.data).toEqual({ published: false });
    const file = (await list('application')).data.categories.find((c) => c.isPhoto)!.files[0];
    expect(file).toMatchObject({ id: up.data.file.id, status: 'uploaded', reviewReason: null });
  });

  it('after release shows the rejection with its reason; a new photo replaces it even after submission, until approved', async () => {
    await photo();
    await submitForm();
    await admin('review-photo', '--applicant', '2027100001', '--outcome', 'rejected', '--reason', 'Background is not plain');
    expect((await photo()).code).toBe(403);
    await admin('release', '--what', 'photoReview');

    const rejected = await photoReview();
    expect(rejected.data).toMatchObject({ published: true, status: 'rejected', reason: 'Background is not plain', canReplace: true });
    const photoCard = (await list('application')).data.categories.find((c) => c.isPhoto)!;
    expect(photoCard).toMatchObject({ canUpload: true, canDelete: false, files: [expect.objectContaining({ status: 'rejected', reviewReason: 'Background is not plain' })] });
    // Other categories stay locked; the photo can be replaced, not deleted.
    expect((await upload('transcript', pdf())).code).toBe(403);
    expect((await remove(photoCard.files[0]!.id)).msg).toBe('After submission the photo can be replaced, but not deleted.');

    const replacement = await photo();
    expect(replacement.code).toBe(0);
    expect(replacement.data.file.status).toBe('uploaded');
    const waiting = await photoReview();
    expect(waiting.data).toMatchObject({ published: true, status: 'uploaded', reason: null, filePath: replacement.data.file.filePath, canReplace: true });

    await reviewPhoto(db(), t.clock.now(), { materialId: replacement.data.file.id, outcome: 'approved', reason: null }, PORTAL_ACTOR);
    expect((await photoReview()).data).toMatchObject({ status: 'approved', reason: null, canReplace: false });
    expect((await photo()).code).toBe(403);
  });

  it('with the review published and no photo says so', async () => {
    await admin('release', '--what', 'photoReview');
    expect((await photoReview()).data).toEqual({ published: true, status: 'none', reason: null, reviewedAt: null, filePath: null, canReplace: true });
  });

  it("each applicant sees only their own photo's review", async () => {
    await photo();
    await upload(ID_PHOTO_CATEGORY, jpeg(330, 462), 'successive', 'p.jpg');
    await admin('review-photo', '--applicant', '2027200001', '--outcome', 'rejected', '--reason', 'Blurred');
    await admin('release', '--what', 'photoReview');
    expect((await photoReview('doctor')).data).toMatchObject({ status: 'uploaded', reason: null });
    expect((await photoReview('successive')).data).toMatchObject({ status: 'rejected', reason: 'Blurred' });
  });

  it('refuses a body', async () => {
    const r = await call(t.app, '/mucgrs-service/doctor/materials/photoReview', { token: who.doctor.token, body: { userId: 1 } });
    expect(r.code).toBe(400);
  });
});

describe('a photo decision names the photo staff saw', () => {
  const photoRows = () => db().selectFrom('application_material').select(['id', 'status', 'review_reason']).where('user_id', '=', who.doctor.id).where('category', '=', ID_PHOTO_CATEGORY).execute();

  it('a decision on a photo replaced meanwhile is refused; the new photo waits for its own', async () => {
    const seen = (await photo()).data.file.id;
    const replacement = (await photo()).data.file.id;
    const late = reviewPhoto(db(), t.clock.now(), { materialId: seen, outcome: 'rejected', reason: 'Background is not plain' }, PORTAL_ACTOR);
    await expect(late).rejects.toMatchObject({ code: 409, messageKey: 'error.photoReplaced' });
    expect(await photoRows()).toEqual([{ id: replacement, status: 'uploaded', review_reason: null }]);
  });

  it('a second decision on a decided photo is refused and the first stands', async () => {
    const id = (await photo()).data.file.id;
    await reviewPhoto(db(), t.clock.now(), { materialId: id, outcome: 'approved' }, PORTAL_ACTOR);
    await expect(reviewPhoto(db(), t.clock.now(), { materialId: id, outcome: 'rejected', reason: 'x' }, PORTAL_ACTOR)).rejects.toMatchObject({ messageKey: 'error.photoAlreadyDecided' });
    expect(await photoRows()).toEqual([{ id, status: 'approved', review_reason: null }]);
  });

  it("another applicant's photo id, or a file that is not a photo, is never decided", async () => {
    await photo();
    const transcript = (await upload('transcript', pdf())).data.file.id;
    const theirs = (await upload(ID_PHOTO_CATEGORY, jpeg(330, 462), 'successive', 'p.jpg')).data.file.id;
    await expect(reviewPhoto(db(), t.clock.now(), { materialId: transcript, outcome: 'approved' }, PORTAL_ACTOR)).rejects.toMatchObject({ code: 409 });
    await expect(admin('review-photo', '--applicant', '2027100001', '--outcome', 'approved', '--photo', String(theirs))).rejects.toThrow(/is not the current ID photo/);
    const rows = await db().selectFrom('application_material').select('status').where('id', 'in', [transcript, theirs]).execute();
    expect(rows.map((r) => r.status)).toEqual(['uploaded', 'uploaded']);
  });

  it('racing a replacement, the decision lands on the photo staff saw or nowhere, never on the new one', async () => {
    for (let round = 0; round < 8; round++) {
      const seen = (await photo()).data.file.id;
      const [decision, replacement] = await Promise.allSettled([
        reviewPhoto(db(), t.clock.now(), { materialId: seen, outcome: 'approved' }, PORTAL_ACTOR),
        photo(),
      ]);
      const fresh = replacement.status === 'fulfilled' ? replacement.value.data.file.id : null;
      expect(fresh).not.toBeNull();
      // The replacement removed the photo staff saw, decided or not; the new one is undecided.
      expect(await photoRows()).toEqual([{ id: fresh, status: 'uploaded', review_reason: null }]);
      if (decision.status === 'rejected') expect(decision.reason).toMatchObject({ messageKey: 'error.photoReplaced' });
    }
  });
});

describe('review-photo command', () => {
  it.each([
    [['review-photo', '--applicant', '2027100001', '--outcome', 'rejected'], /--reason is required/],
    [['review-photo', '--applicant', '2027100001', '--outcome', 'rejected', '--reason', '  '], /--reason is required/],
    [['review-photo', '--applicant', '2027100001', '--outcome', 'maybe'], /--outcome must be one of approved, rejected/],
    [['review-photo', '--applicant', '2027100001'], /missing --outcome/],
    [['review-photo', '--outcome', 'approved'], /missing --applicant/],
    [['review-photo', '--applicant', '2099999999', '--outcome', 'approved'], /no applicant with number/],
    [['review-photo', '--applicant', '2027100001', '--outcome', 'approved'], /has no ID photo to review/],
  ])('refuses %o', async (argv, message) => {
    await expect(admin(...argv)).rejects.toThrow(UsageError);
    await expect(admin(...argv)).rejects.toThrow(message);
  });

  it('refuses an overlong reason and changes nothing', async () => {
    await photo();
    await expect(admin('review-photo', '--applicant', '2027100001', '--outcome', 'rejected', '--reason', 'x'.repeat(501))).rejects.toThrow(/at most 500 characters/);
    const row = await db().selectFrom('application_material').select(['status', 'review_reason']).where('user_id', '=', who.doctor.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'uploaded', review_reason: null });
  });

  it('resolves the current photo id once and decides on that photo only', async () => {
    const id = (await photo()).data.file.id;
    expect(await currentPhotoId(db(), { userId: who.doctor.id, recruitYear: who.doctor.year })).toBe(id);
    expect(await admin('review-photo', '--applicant', '2027100001', '--outcome', 'approved', '--photo', String(id))).toBe('photo of 2027100001 (张伟): approved');
    await expect(admin('review-photo', '--applicant', '2027100001', '--outcome', 'approved')).rejects.toThrow('A decision has already been recorded for this photo.');
    await expect(admin('review-photo', '--applicant', '2027100001', '--outcome', 'approved', '--photo', 'abc')).rejects.toThrow(/--photo must be a material id/);
  });

  it('approves the current photo and drops any reason', async () => {
    await photo();
    expect(await admin('review-photo', '--applicant', '2027100001', '--outcome', 'approved', '--reason', 'fine')).toBe('photo of 2027100001 (张伟): approved');
    const row = await db().selectFrom('application_material').select(['status', 'review_reason', 'reviewed_at']).where('user_id', '=', who.doctor.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'approved', review_reason: null, reviewed_at: t.clock.now() });
  });
});
