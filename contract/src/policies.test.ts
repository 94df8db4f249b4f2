import { describe, expect, it } from 'vitest';
import { applicationScope, can, inApplicationScope, type Action, type Actor, type ApplicationTarget } from './policies';

/** The staff of issue #8's scope, and applicants, against one doctoral application in the CS department. */
const application: ApplicationTarget = { applicantUserId: 1, area: 'doctor', recruitYear: '2027', departmentId: 10, supervisorUserId: 34, assignedExpertIds: [33, 34, 40, 43] };
const staff = (userId: number, activeRole: string, extra: Partial<Extract<Actor, { kind: 'staff' }>> = {}): Actor => ({
  kind: 'staff',
  userId,
  activeRole,
  roles: [activeRole],
  departmentIds: [],
  permissions: [],
  ...extra,
});
const A: Actor = { kind: 'applicant', userId: 1, area: 'doctor', recruitYear: '2027', roles: ['zs_doctor'] };
const B: Actor = { kind: 'applicant', userId: 2, area: 'doctor', recruitYear: '2027', roles: ['zs_doctor'] };
const camper: Actor = { kind: 'applicant', userId: 3, area: 'summerCamp', recruitYear: '2027', roles: ['zs_master'] };
const office = staff(30, 'zs_admin');
const publisher = staff(31, 'zs_admin', { permissions: ['results.publish'] });
const secretaryIn = staff(32, 'zs_dept', { departmentIds: [10] });
const secretaryOut = staff(35, 'zs_dept', { departmentIds: [11] });
const expertAssigned = staff(33, 'zs_reviewer');
const expertSupervisor = staff(34, 'zs_reviewer');
const expertOther = staff(36, 'zs_reviewer');
const sysadmin = staff(37, 'zs_sysadmin');
/** Holds the office role but acts as an expert right now: the active role decides. */
const officeActingAsExpert = staff(38, 'zs_reviewer', { roles: ['zs_admin', 'zs_reviewer'] });
/**
 * External experts on a link's session: 40 is assigned the application in the link's stage, 41 another
 * applicant's; 40's link of last year opens nothing of this year's; 43 is assigned it in another
 * stage only (the application's experts list them, the link's stage does not).
 */
const linked: Actor = { kind: 'externalExpert', expertUserId: 40, area: 'doctor', recruitYear: '2027', applicantUserIds: [1] };
const linkedElsewhere: Actor = { kind: 'externalExpert', expertUserId: 41, area: 'doctor', recruitYear: '2027', applicantUserIds: [2] };
const linkedLastYear: Actor = { kind: 'externalExpert', expertUserId: 40, area: 'doctor', recruitYear: '2026', applicantUserIds: [1] };
const linkedOtherStage: Actor = { kind: 'externalExpert', expertUserId: 43, area: 'doctor', recruitYear: '2027', applicantUserIds: [] };
const anonymous: Actor = { kind: 'anonymous' };
/**
 * An interview panel of experts 33 and 34, 34 keeping the record, and external member 40 by link; the
 * office's 30 is listed but acts as the office, not as a member. 40's link of another year opens nothing.
 */
const panel = { area: 'doctor', recruitYear: '2027', panelUserIds: [33, 34, 30, 40], secretaryUserId: 34 } as const;

const ACTORS = { A, B, camper, office, publisher, secretaryIn, secretaryOut, expertAssigned, expertSupervisor, expertOther, sysadmin, officeActingAsExpert, linked, linkedElsewhere, linkedLastYear, linkedOtherStage, anonymous };
type Who = keyof typeof ACTORS;

/** The same application, in the summer camp (its school reviews before the graduate school). */
const campApplication = { ...application, area: 'summerCamp' } as const;

const on = (kind: Extract<Action, { application: unknown }>['kind']): Action => ({ kind, application } as Action);
const ownFile: Action = { kind: 'file.read', file: { ownerUserId: 1, isPublic: false, material: true, application } };
const resetScan: Action = { kind: 'file.read', file: { ownerUserId: 1, isPublic: false, material: false, application } };
const template: Action = { kind: 'file.read', file: { ownerUserId: null, isPublic: true, material: false, application: null } };

/** Who may, per action; everyone else may not. */
const TABLE: Array<[string, Action, Who[]]> = [
  ['the sign-in screens', { kind: 'portal.public' }, Object.keys(ACTORS) as Who[]],
  ['read the portal configuration', { kind: 'config.read' }, ['A', 'B', 'camper', 'office', 'publisher', 'secretaryIn', 'secretaryOut', 'expertAssigned', 'expertSupervisor', 'expertOther', 'sysadmin', 'officeActingAsExpert']],
  ['session.own', { kind: 'session.own' }, ['A', 'B', 'camper', 'office', 'publisher', 'secretaryIn', 'secretaryOut', 'expertAssigned', 'expertSupervisor', 'expertOther', 'sysadmin', 'officeActingAsExpert']],
  ['password.change (not summer-camp/master, spec 6)', { kind: 'password.change' }, ['A', 'B', 'office', 'publisher', 'secretaryIn', 'secretaryOut', 'expertAssigned', 'expertSupervisor', 'expertOther', 'sysadmin', 'officeActingAsExpert']],
  ['role.switch to zs_admin', { kind: 'role.switch', roleKey: 'zs_admin' }, ['office', 'publisher', 'officeActingAsExpert']],
  ['own file', ownFile, ['A', 'office', 'publisher', 'secretaryIn', 'expertAssigned', 'linked']],
  ['the ID scan of a password reset: not for reviewers', resetScan, ['A', 'office', 'publisher']],
  ['public template', template, ['A', 'B', 'camper', 'office', 'publisher', 'secretaryIn', 'secretaryOut', 'expertAssigned', 'expertSupervisor', 'expertOther', 'sysadmin', 'officeActingAsExpert']],
  ['doctoral self-service', { kind: 'application.self', area: 'doctor' }, ['A', 'B']],
  ['own order', { kind: 'payment.self', area: 'doctor', order: { ownerUserId: 1, area: 'doctor' } }, ['A']],
  ['list applications (rows by scope)', { kind: 'application.list' }, ['office', 'publisher', 'secretaryIn', 'secretaryOut', 'expertAssigned', 'expertSupervisor', 'expertOther', 'officeActingAsExpert']],
  ['read the application', on('application.read'), ['office', 'publisher', 'secretaryIn', 'expertAssigned', 'linked']],
  ['return the form', on('application.return'), ['office', 'publisher', 'secretaryIn']],
  ['see the full ID number (with a logged reason)', on('application.revealId'), ['office', 'publisher', 'secretaryIn']],
  ['open the review queues (rows by scope)', { kind: 'review.queue' }, ['office', 'publisher', 'secretaryIn', 'secretaryOut']],
  ['run the expert review (rules, sheets, assignments, ranking)', { kind: 'review.manage' }, ['office', 'publisher']],
  ['an expert’s own review list', { kind: 'review.mine' }, ['expertAssigned', 'expertSupervisor', 'expertOther', 'officeActingAsExpert']],
  ['score an application in the expert review', on('review.score'), ['expertAssigned', 'linked']],
  ['an external expert’s own review session', { kind: 'reviewLink.session' }, ['linked', 'linkedElsewhere', 'linkedLastYear', 'linkedOtherStage']],
  ['review the photo', on('photo.review'), ['office', 'publisher', 'secretaryIn']],
  ['invite a tuimian applicant to the interview and record its result', on('tmsInterview.manage'), ['office', 'publisher', 'secretaryIn']],
  ['record the offer sent in the national recommended-exemption system', on('tmsOffer.record'), ['office', 'publisher']],
  ['decide a doctoral eligibility review', { kind: 'review.decide', application, stage: 'qualificationReview' }, ['office', 'publisher', 'secretaryIn']],
  ['no school review in an area without one', { kind: 'review.decide', application, stage: 'departmentReview' }, []],
  ['a camp application: the school reviews first', { kind: 'review.decide', application: campApplication, stage: 'departmentReview' }, ['office', 'publisher', 'secretaryIn']],
  ['a camp application: the graduate school decides after it', { kind: 'review.decide', application: campApplication, stage: 'qualificationReview' }, ['office', 'publisher']],
  ['assign a ticket', on('ticket.assign'), ['office', 'publisher']],
  ['record a score', on('score.record'), ['office', 'publisher']],
  ['manage a cycle’s scores (grid, Excel, weights, final scores)', { kind: 'score.manage', area: 'doctor' }, ['office', 'publisher']],
  ['answer score re-checks and set their windows', { kind: 'score.recheck', area: 'doctor' }, ['office', 'publisher']],
  ['post admission paperwork', on('admission.post'), ['office', 'publisher']],
  ['record an offline payment', on('payment.record'), ['office', 'publisher']],
  ['inspect payments', on('payment.inspect'), ['office', 'publisher']],
  ['reconcile payments', { kind: 'payment.reconcile' }, ['office', 'publisher']],
  ['list bank-transfer receipts', { kind: 'payment.offlineQueue' }, ['office', 'publisher']],
  ['configure the doctoral cycle', { kind: 'cycle.configure', area: 'doctor' }, ['office', 'publisher']],
  ['publish results (a permission, no role implies it)', { kind: 'results.publish', area: 'doctor' }, ['publisher']],
  ['keep the working-day calendar, preview and read the public lists', { kind: 'publicity.manage' }, ['office', 'publisher']],
  ['set interview sessions up', { kind: 'interview.manage' }, ['office', 'publisher']],
  ['start the next recruitment year', { kind: 'cycle.years' }, ['office', 'publisher']],
  ['define the year’s summer camps', { kind: 'camps.configure' }, ['office', 'publisher']],
  ['admit campers and keep the waiting lists', { kind: 'camps.admit' }, ['office', 'publisher']],
  ['set exam sessions up, seat and print tickets', { kind: 'exam.manage' }, ['office', 'publisher']],
  ['a member’s own interview sessions', { kind: 'interview.mine' }, ['expertAssigned', 'expertSupervisor', 'expertOther', 'officeActingAsExpert']],
  ['score in an interview session (its panel only)', { kind: 'interview.score', session: panel }, ['expertAssigned', 'expertSupervisor', 'linked']],
  ['lock an interview session (its secretary only)', { kind: 'interview.lock', session: panel }, ['expertSupervisor']],
  ['print an interview record (the panel and the office)', { kind: 'interview.record', session: panel }, ['office', 'publisher', 'expertAssigned', 'expertSupervisor', 'linked']],
  ['configure the portal (every area’s configuration values)', { kind: 'portal.configure' }, ['sysadmin']],
  ['edit the notes applicants read on their dashboard', { kind: 'notes.edit' }, ['office', 'publisher']],
  ['manage staff (accounts, who is online, forced sign-out)', { kind: 'staff.manage' }, ['sysadmin']],
  ["grant or deny each staff role's pages and buttons", { kind: 'roles.manage' }, ['sysadmin']],
  ['read the audit trail and the sign-in log', { kind: 'audit.read' }, ['sysadmin']],
];

/** Every kind of action, so a new one without a row in the table fails here (and the object must list them all to compile). */
const EVERY_KIND: Record<Action['kind'], true> = {
  'portal.public': true,
  'session.own': true,
  'password.change': true,
  'role.switch': true,
  'config.read': true,
  'file.read': true,
  'application.self': true,
  'payment.self': true,
  'application.list': true,
  'review.queue': true,
  'review.manage': true,
  'review.mine': true,
  'reviewLink.session': true,
  'review.score': true,
  'application.read': true,
  'application.return': true,
  'application.revealId': true,
  'photo.review': true,
  'tmsInterview.manage': true,
  'tmsOffer.record': true,
  'review.decide': true,
  'ticket.assign': true,
  'score.record': true,
  'score.manage': true,
  'score.recheck': true,
  'admission.post': true,
  'payment.inspect': true,
  'payment.record': true,
  'payment.reconcile': true,
  'payment.offlineQueue': true,
  'cycle.configure': true,
  'results.publish': true,
  'publicity.manage': true,
  'portal.configure': true,
  'notes.edit': true,
  'staff.manage': true,
  'roles.manage': true,
  'audit.read': true,
  'interview.manage': true,
  'exam.manage': true,
  'cycle.years': true,
  'camps.configure': true,
  'camps.admit': true,
  'interview.mine': true,
  'interview.score': true,
  'interview.lock': true,
  'interview.record': true,
};

describe('policies: role x action', () => {
  it('has a row for every kind of action', () => {
    expect(Object.keys(EVERY_KIND).filter((kind) => !TABLE.some(([, action]) => action.kind === kind))).toEqual([]);
  });

  const rows = TABLE.flatMap(([name, action, allowed]) => (Object.keys(ACTORS) as Who[]).map((who) => [name, who, action, allowed.includes(who)] as const));
  it.each(rows)('%s: %s -> %s', (_name, who, action, expected) => {
    expect(can(ACTORS[who], action)).toBe(expected);
  });

  it('lets an account with a one-time password do nothing but sign out, read itself and choose its own', () => {
    const allowedUntilChanged = new Set(['portal.public', 'session.own', 'password.change', 'config.read']);
    const due = { ...(publisher as Extract<Actor, { kind: 'staff' }>), passwordChangeDue: true };
    const dueAdmin = { ...(sysadmin as Extract<Actor, { kind: 'staff' }>), passwordChangeDue: true };
    for (const [, action] of TABLE) {
      const expected = allowedUntilChanged.has(action.kind);
      expect([action.kind, can(due, action)]).toEqual([action.kind, expected && can(publisher, action)]);
      expect([action.kind, can(dueAdmin, action)]).toEqual([action.kind, expected && can(sysadmin, action)]);
    }
    // The same accounts, once they chose their own password, publish and administer again.
    expect(can(publisher, { kind: 'results.publish', area: 'doctor' })).toBe(true);
    expect(can(due, { kind: 'results.publish', area: 'doctor' })).toBe(false);
    expect(can(dueAdmin, { kind: 'staff.manage' })).toBe(false);
    expect(can(due, { kind: 'password.change' })).toBe(true);
  });

  it('never lets an expert review an applicant who named them as supervisor, assigned or not', () => {
    expect(application.assignedExpertIds).toContain(34);
    expect(can(expertSupervisor, on('application.read'))).toBe(false);
  });
});

describe('policies: the list scope is the read rule as a query', () => {
  // Applications varied along everything the rule reads: department, supervisor, assignments.
  const targets: ApplicationTarget[] = [10, 11, null].flatMap((departmentId) =>
    [null, 33, 34].flatMap((supervisorUserId) =>
      [[], [33], [33, 34], [36]].map((assignedExpertIds) => ({ ...application, departmentId, supervisorUserId, assignedExpertIds })),
    ),
  );
  const listers = (Object.keys(ACTORS) as Who[]).filter((who) => ACTORS[who].kind === 'staff');

  it.each(listers)('%s lists exactly the applications it may read', (who) => {
    const scope = applicationScope(ACTORS[who]);
    for (const target of targets) {
      expect(inApplicationScope(scope, target), JSON.stringify(target)).toBe(can(ACTORS[who], { kind: 'application.read', application: target }));
    }
  });

  it('gives applicants, external experts and anonymous callers no list', () => {
    for (const who of ['A', 'camper', 'linked', 'anonymous'] as const) expect(applicationScope(ACTORS[who])).toEqual({ kind: 'none' });
  });
});
