import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, runAdmin, testActorId } from '../../../../test/harness';
import { newDoctoralApplicant, withdrawAll, type TestApplicant } from '../results/fixtures/applicants';
import { normalizeDecimal } from '../results/staff';
import { UsageError } from '../../../cli/commands';

let t: TestApp;
let a: TestApplicant;
let b: TestApplicant;
beforeAll(async () => {
  t = await buildTestApp();
  await withdrawAll(t);
  a = await newDoctoralApplicant(t, '欧阳娜娜');
  b = await newDoctoralApplicant(t, '李雷');
});
afterAll(async () => t.close());

const admin = (...argv: string[]) => runAdmin(t, ...argv);
const db = () => t.app.ctx.db;
const ARRANGEMENT = ['--subject', 'English', '--starts', '2027-03-15T09:00:00+08:00', '--ends', '2027-03-15T11:30:00+08:00', '--venue', 'Main Building', '--room', '305', '--seat', '17'];

/** Runs a command that must be refused, and shows nothing was written. */
async function refused(argv: string[], message: RegExp): Promise<void> {
  const count = async () =>
    (await db().selectFrom('review_decision').select('id').execute()).length +
    (await db().selectFrom('exam_ticket').select('id').execute()).length +
    (await db().selectFrom('exam_score').select('id').execute()).length;
  const before = await count();
  const attempt = admin(...argv);
  await expect(attempt).rejects.toThrow(UsageError);
  await expect(attempt).rejects.toThrow(message);
  expect(await count()).toBe(before);
}

describe('decide', () => {
  it('records a decision, and a second call corrects it', async () => {
    expect(await admin('decide', '--applicant', a.number, '--stage', 'languageReview', '--outcome', 'fail', '--reason', 'No certificate')).toBe(
      `languageReview of ${a.number} (欧阳娜娜): fail - No certificate`,
    );
    await admin('decide', '--applicant', a.number, '--stage', 'languageReview', '--outcome', 'pass');
    const rows = await db().selectFrom('review_decision').selectAll().where('user_id', '=', a.userId).execute();
    expect(rows).toHaveLength(1);
    // Decided by the named staff member the command acts as (issue #8).
    expect(rows[0]).toMatchObject({ stage: 'languageReview', outcome: 'pass', reason: null, decided_by: await testActorId(t) });
  });

  it.each([
    [['--stage', 'qualificationReview', '--outcome', 'pass'], /missing --applicant/],
    [['--applicant', '2027999999', '--stage', 'qualificationReview', '--outcome', 'pass'], /no applicant with number 2027999999/],
    [['--applicant', 'A', '--outcome', 'pass'], /missing --stage/],
    [['--applicant', 'A', '--stage', 'photoReview', '--outcome', 'pass'], /Review stage: not one of the allowed choices/],
    [['--applicant', 'A', '--stage', 'interview', '--outcome', 'pass'], /Review stage: not one of the allowed choices/],
    [['--applicant', 'A', '--stage', 'qualificationReview', '--outcome', 'maybe'], /Outcome: not one of the allowed choices/],
    [['--applicant', 'A', '--stage', 'qualificationReview', '--outcome', 'fail'], /Reason: required when the outcome is a fail/],
    [['--applicant', 'A', '--stage', 'qualificationReview', '--outcome', 'fail', '--reason', 'x'.repeat(501)], /Reason: too long/],
  ])('refuses %j', async (argv, message) => {
    await refused(['decide', ...argv.map((v) => (v === 'A' ? a.number : v))], message);
  });
});

describe('assign-ticket', () => {
  it('refuses an applicant who has not passed the qualification review', async () => {
    await refused(['assign-ticket', '--applicant', b.number, '--kind', 'language', ...ARRANGEMENT], /has not passed the application-qualification review/);
    await admin('decide', '--applicant', b.number, '--stage', 'qualificationReview', '--outcome', 'fail', '--reason', 'No degree');
    await refused(['assign-ticket', '--applicant', b.number, '--kind', 'language', ...ARRANGEMENT], /has not passed/);
  });

  it('refuses an assessment ticket without a passed assessment qualification, even with the first review passed', async () => {
    await admin('decide', '--applicant', a.number, '--stage', 'qualificationReview', '--outcome', 'pass');
    await refused(['assign-ticket', '--applicant', a.number, '--kind', 'assessment', ...ARRANGEMENT], /comprehensive-assessment qualification/);
  });

  it('assigns a ticket with a number and a long random verification code', async () => {
    const out = await admin('assign-ticket', '--applicant', a.number, '--kind', 'language', ...ARRANGEMENT, '--notes', 'Bring ID');
    const row = await db().selectFrom('exam_ticket').selectAll().where('user_id', '=', a.userId).executeTakeFirstOrThrow();
    expect(out).toBe(`language ticket of ${a.number} (欧阳娜娜): ${row.ticket_no}`);
    expect(row.ticket_no).toMatch(/^2027L\d{6}$/);
    // 24 random bytes, base64url: 192 bits.
    expect(row.verify_code).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(row).toMatchObject({ subject: 'English', venue: 'Main Building', room: '305', seat: '17', notes: 'Bring ID' });
    expect(Number(row.starts_at)).toBe(Date.parse('2027-03-15T01:00:00Z'));
  });

  it('rearranging keeps the ticket number and verification code, so a printed ticket still verifies', async () => {
    const before = await db().selectFrom('exam_ticket').selectAll().where('user_id', '=', a.userId).executeTakeFirstOrThrow();
    await admin('assign-ticket', '--applicant', a.number, '--kind', 'language', ...ARRANGEMENT.map((v) => (v === '305' ? '306' : v)));
    const after = await db().selectFrom('exam_ticket').selectAll().where('user_id', '=', a.userId).execute();
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ ticket_no: before.ticket_no, verify_code: before.verify_code, room: '306', notes: '' });
  });

  it('refuses a seat another applicant holds at an overlapping time, naming the holder, and changes nothing', async () => {
    await admin('decide', '--applicant', b.number, '--stage', 'qualificationReview', '--outcome', 'pass');
    const taken = ARRANGEMENT.map((v) => (v === '305' ? '306' : v === '2027-03-15T09:00:00+08:00' ? '2027-03-15T10:00:00+08:00' : v === '2027-03-15T11:30:00+08:00' ? '2027-03-15T12:00:00+08:00' : v));
    const before = await db().selectFrom('exam_ticket').selectAll().execute();
    await refused(['assign-ticket', '--applicant', b.number, '--kind', 'language', ...taken], new RegExp(`Seat 17 in room 306 at Main Building is already taken at that time by applicant ${a.number}`));
    expect(await db().selectFrom('exam_ticket').selectAll().execute()).toEqual(before);
    // The same seat once the first exam is over, or another seat at the same time, is free.
    const later = taken.map((v) => (v === '2027-03-15T10:00:00+08:00' ? '2027-03-15T11:30:00+08:00' : v === '2027-03-15T12:00:00+08:00' ? '2027-03-15T13:00:00+08:00' : v));
    await admin('assign-ticket', '--applicant', b.number, '--kind', 'language', ...later);
    await admin('assign-ticket', '--applicant', b.number, '--kind', 'language', ...taken.map((v) => (v === '17' ? '18' : v)));
    await db().deleteFrom('exam_ticket').where('user_id', '=', b.userId).execute();
    await admin('decide', '--applicant', b.number, '--stage', 'qualificationReview', '--outcome', 'fail', '--reason', 'No degree');
  });

  const without = (flag: string) => {
    const i = ARRANGEMENT.indexOf(flag);
    return [...ARRANGEMENT.slice(0, i), ...ARRANGEMENT.slice(i + 2)];
  };
  const replaced = (flag: string, value: string) => ARRANGEMENT.map((v, i) => (ARRANGEMENT[i - 1] === flag ? value : v));
  it.each([
    [['--kind', 'oral', ...ARRANGEMENT], /Kind.*: not one of the allowed choices/],
    [['--kind', 'language', ...without('--subject')], /missing --subject/],
    [['--kind', 'language', ...without('--seat')], /missing --seat/],
    [['--kind', 'language', ...replaced('--starts', '2027-03-15 09:00')], /Start time: a date and time with its time zone/],
    [['--kind', 'language', ...replaced('--starts', '2027-03-15T09:00:00')], /Start time: a date and time with its time zone/],
    [['--kind', 'language', ...replaced('--ends', 'tomorrow')], /End time: a date and time with its time zone/],
    [['--kind', 'language', ...replaced('--ends', '2027-03-15T08:00:00+08:00')], /End time: must be after the start time/],
    [['--kind', 'language', ...replaced('--venue', ' ')], /Venue: required/],
    [['--kind', 'language', ...replaced('--room', 'x'.repeat(51))], /Room: too long/],
    [['--kind', 'language', ...ARRANGEMENT, '--notes', 'x'.repeat(2001)], /Notes: too long/],
  ])('refuses %j and changes nothing', async (argv, message) => {
    const before = await db().selectFrom('exam_ticket').selectAll().where('user_id', '=', a.userId).execute();
    await refused(['assign-ticket', '--applicant', a.number, ...argv], message);
    expect(await db().selectFrom('exam_ticket').selectAll().where('user_id', '=', a.userId).execute()).toEqual(before);
  });
});

describe('set-score', () => {
  it('records exact decimals with detail rows, and a second call corrects them', async () => {
    const detail = JSON.stringify([{ item: 'Examiner 1', score: '80', max: '100' }, { item: 'Examiner 2', score: '077.0' }]);
    expect(await admin('set-score', '--applicant', a.number, '--kind', 'assessment', '--score', '78.50', '--max', '100', '--detail', detail, '--remark', 'Average')).toBe(
      `assessment score of ${a.number} (欧阳娜娜): 78.50 / 100`,
    );
    let row = await db().selectFrom('exam_score').selectAll().where('user_id', '=', a.userId).executeTakeFirstOrThrow();
    // Integer hundredths in the table, on every dialect.
    expect(row).toMatchObject({ kind: 'assessment', score_hundredths: 7850, max_score_hundredths: 10000, remark: 'Average' });
    expect(JSON.parse(row.detail_json)).toEqual([{ item: 'Examiner 1', score: '80', max: '100' }, { item: 'Examiner 2', score: '77' }]);
    // A correction needs its reason, and keeps the value it replaces as a version.
    await expect(admin('set-score', '--applicant', a.number, '--kind', 'assessment', '--score', '81', '--max', '100')).rejects.toThrow(/Reason: required when a recorded score changes/);
    await admin('set-score', '--applicant', a.number, '--kind', 'assessment', '--score', '81', '--max', '100', '--reason', 'Re-marked');
    const versions = await db().selectFrom('exam_score_version').selectAll().where('user_id', '=', a.userId).orderBy('id').execute();
    expect(versions.map((v) => [v.score_hundredths, v.previous_hundredths, v.reason, v.source])).toEqual([
      [7850, null, null, 'command'],
      [8100, 7850, 'Re-marked', 'command'],
    ]);
    expect(versions.every((v) => v.recorded_by !== null)).toBe(true);
    const rows = await db().selectFrom('exam_score').selectAll().where('user_id', '=', a.userId).execute();
    expect(rows).toHaveLength(1);
    row = rows[0]!;
    expect(row).toMatchObject({ score_hundredths: 8100, detail_json: '[]', remark: '' });
  });

  it.each([
    [['--kind', 'bonus', '--score', '1', '--max', '2'], /not one of the allowed choices/],
    [['--kind', 'language', '--max', '100'], /missing --score/],
    [['--kind', 'language', '--score', '78,5', '--max', '100'], /Score: a number with at most 4 digits and 2 decimals/],
    [['--kind', 'language', '--score', '-1', '--max', '100'], /Score: a number with at most 4 digits/],
    [['--kind', 'language', '--score', '1e2', '--max', '100'], /Score: a number/],
    [['--kind', 'language', '--score', '78.555', '--max', '100'], /Score: a number/],
    [['--kind', 'language', '--score', 'NaN', '--max', '100'], /Score: a number/],
    [['--kind', 'language', '--score', '78.5', '--max', '0'], /Maximum score: must be greater than 0/],
    [['--kind', 'language', '--score', '101', '--max', '100'], /Score: higher than the maximum score/],
    [['--kind', 'language', '--score', '78', '--max', '100', '--detail', '{not json'], /--detail must be JSON/],
    [['--kind', 'language', '--score', '78', '--max', '100', '--detail', '{"item":"x"}'], /Score details: wrong type of value/],
    [['--kind', 'language', '--score', '78', '--max', '100', '--detail', '[{"item":"","score":"1"}]'], /Score details, row 1, Item: required/],
    [['--kind', 'language', '--score', '78', '--max', '100', '--detail', '[{"item":"Part 1","score":"31","max":"30"}]'], /Score details: higher than the maximum score/],
    [['--kind', 'language', '--score', '78', '--max', '100', '--detail', '[{"item":"Part 1","score":"3","bonus":1}]'], /Score details, row 1: not an accepted field/],
  ])('refuses %j', async (argv, message) => {
    await refused(['set-score', '--applicant', a.number, ...argv], message);
  });

  it.each([
    ['78.50', '78.5'],
    ['078.5', '78.5'],
    ['100.00', '100'],
    ['0', '0'],
    ['0.5', '0.5'],
    ['00', '0'],
  ])('normalizes %s to %s', (input, out) => {
    expect(normalizeDecimal(input)).toBe(out);
  });
});

describe('audit trail', () => {
  it('every staff command leaves an audit_event row saying who it concerned and what was set', async () => {
    const since = (await db().selectFrom('audit_event').select('id').orderBy('id', 'desc').executeTakeFirst())?.id ?? 0;
    await admin('decide', '--applicant', a.number, '--stage', 'assessmentQualification', '--outcome', 'pass');
    await admin('assign-ticket', '--applicant', a.number, '--kind', 'assessment', ...ARRANGEMENT.map((v) => (v === '305' ? 'B201' : v)));
    await admin('set-score', '--applicant', a.number, '--kind', 'language', '--score', '66.5', '--max', '100');
    await admin('release', '--what', 'languageScore');
    await admin('release', '--what', 'languageScore', '--off');
    const rows = await db().selectFrom('audit_event').selectAll().where('id', '>', since).orderBy('id').execute();
    expect(rows.map((r) => [r.event, r.subject])).toEqual([
      ['review.decide', a.number],
      ['ticket.assign', a.number],
      ['score.record', a.number],
      ['cycle.release', null],
      ['cycle.release', null],
    ]);
    expect(JSON.parse(rows[0]!.detail!)).toMatchObject({ stage: 'assessmentQualification', outcome: 'pass', recruitYear: a.recruitYear });
    expect(JSON.parse(rows[2]!.detail!)).toMatchObject({ kind: 'language', score: '66.5' });
    expect(JSON.parse(rows[4]!.detail!)).toEqual({ area: 'doctor', recruitYear: a.recruitYear, release: 'languageScore', published: false });
    // Every row names the staff member who acted (the CLI acts as one, issue #8).
    const actorId = await testActorId(t);
    expect(rows.every((r) => r.user_id === actorId)).toBe(true);
  });

  it('a refused command leaves no audit row', async () => {
    const count = async () => (await db().selectFrom('audit_event').select('id').execute()).length;
    const before = await count();
    await expect(admin('set-score', '--applicant', a.number, '--kind', 'language', '--score', '101', '--max', '100')).rejects.toThrow(UsageError);
    expect(await count()).toBe(before);
  });
});

describe('help', () => {
  it('lists the three commands', async () => {
    const { USAGE } = await import('../../../cli/commands');
    for (const name of ['decide --applicant', 'assign-ticket --applicant', 'set-score --applicant']) expect(USAGE).toContain(name);
  });
});
