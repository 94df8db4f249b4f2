import {
  admissionKindApplies,
  DOCTOR_AREA,
  ReplyCode,
  isHmtType,
  type AdmissionData,
  type AdmissionDetailView,
  type AdmissionKind,
  type AdmissionLock,
  type AdmissionSaveView,
} from '@gradus/contract';
import type { AppContext } from '../../../context';
import type { DB } from '../../../db/database';
import { AppError } from '../../../lib/app-error';
import type { DoctorApplicant } from '../applicant';
import { cycleOf, isReleased, stageWindows, type StageWindow } from '../journey/releases';
import { formFacts, type FormFacts } from './form-facts';

type Owner = Pick<DoctorApplicant, 'userId' | 'recruitYear' | 'registerType'>;

/**
 * Admission paperwork is for applicants whose proposed admission is both published and a pass.
 * Read on every call from the tables, never from the menu cache: withdrawing the release closes
 * these calls at once.
 */
export async function requireAdmitted(db: DB, applicant: Owner): Promise<void> {
  const [released, decision] = await Promise.all([
    isReleased(db, cycleOf(applicant), 'proposedAdmission', applicant.recruitYear),
    db
      .selectFrom('review_decision')
      .select('outcome')
      .where('user_id', '=', applicant.userId)
      .where('recruit_year', '=', applicant.recruitYear)
      .where('area', '=', DOCTOR_AREA)
      .where('stage', '=', 'proposedAdmission')
      .executeTakeFirst(),
  ]);
  if (!released || decision?.outcome !== 'pass') throw new AppError(ReplyCode.FORBIDDEN, 'error.notYourStage');
}

export function findRecord(db: DB, applicant: Owner, kind: AdmissionKind) {
  return db
    .selectFrom('admission_record')
    .selectAll()
    .where('user_id', '=', applicant.userId)
    .where('recruit_year', '=', applicant.recruitYear)
    .where('area', '=', DOCTOR_AREA)
    .where('kind', '=', kind)
    .executeTakeFirst();
}

/** Why the record cannot be changed now, or null. Posted records stay as they were sent. */
function lockOf(window: StageWindow, now: number, trackingNumber: string | null): AdmissionLock | null {
  if (window.opensAt && now < Date.parse(window.opensAt)) return 'notOpen';
  if (window.closesAt && now > Date.parse(window.closesAt)) return 'closed';
  if (trackingNumber) return 'posted';
  return null;
}

const iso = (ms: number | null | undefined) => (ms === null || ms === undefined ? null : new Date(ms).toISOString());

export function parseData<K extends AdmissionKind>(json: string): Partial<AdmissionData[K]> {
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === 'object' ? (value as Partial<AdmissionData[K]>) : {};
  } catch {
    return {};
  }
}

/** What to start from before the first save, so nobody retypes what the portal already knows. */
async function suggestions(db: DB, applicant: DoctorApplicant, kind: AdmissionKind, form: FormFacts): Promise<Partial<AdmissionData[AdmissionKind]>> {
  const drop = <T extends object>(o: T): Partial<T> => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== '')) as Partial<T>;
  if (kind === 'notice') {
    const user = await db.selectFrom('app_user').select('mobile').where('id', '=', applicant.userId).executeTakeFirst();
    const c = form.contact;
    return drop({
      noticeRecipient: c.recipient ?? applicant.name,
      noticeMobile: c.mobile ?? user?.mobile ?? undefined,
      noticeProvince: c.province,
      noticeCity: c.city,
      noticeAddress: c.address,
      noticePostcode: c.postcode,
    });
  }
  if (kind === 'paperLetter') {
    // The paper letter usually goes to the unit holding the file: start from what was saved there.
    const archive = await findRecord(db, applicant, 'archive');
    if (!archive) return {};
    const a = parseData<'archive'>(archive.data_json);
    return drop({
      letterRecipientUnit: a.archiveUnitName,
      letterAddress: a.archiveUnitAddress,
      letterPostcode: a.archivePostcode,
      letterContactPerson: a.archiveContactPerson,
      letterContactPhone: a.archiveContactPhone,
    });
  }
  return {};
}

export async function admissionDetail(ctx: AppContext, applicant: DoctorApplicant, kind: AdmissionKind): Promise<AdmissionDetailView> {
  await requireAdmitted(ctx.db, applicant);
  if (!admissionKindApplies(kind, applicant.registerType)) return notApplicable(kind);
  const [record, windows] = await Promise.all([findRecord(ctx.db, applicant, kind), stageWindows(ctx.db, cycleOf(applicant), applicant.recruitYear)]);
  const window = windows.admissionPaperwork;
  const lock = lockOf(window, ctx.clock.now(), record?.tracking_number ?? null);
  const data = record ? parseData(record.data_json) : await suggestions(ctx.db, applicant, kind, await formFacts(ctx.db, applicant));
  return {
    kind,
    data,
    saved: Boolean(record),
    updatedAt: iso(record?.updated_at),
    trackingNumber: record?.tracking_number ?? null,
    postedAt: record?.tracking_number ? iso(record.tracking_set_at) : null,
    editable: lock === null,
    lock,
    window: { opensAt: window.opensAt, closesAt: window.closesAt },
    internationalMobile: isHmtType(applicant.registerType),
    applies: true,
  };
}

/** Paperwork that is not the applicant's (a Hong Kong applicant's personnel file): nothing to fill in. */
function notApplicable(kind: AdmissionKind): AdmissionDetailView {
  return { kind, data: {}, saved: false, updatedAt: null, trackingNumber: null, postedAt: null, editable: false, lock: null, window: { opensAt: null, closesAt: null }, internationalMobile: true, applies: false };
}

/** Refuses paperwork that is not the applicant's, with the reason. */
export function requireApplies(applicant: DoctorApplicant, kind: AdmissionKind): void {
  if (!admissionKindApplies(kind, applicant.registerType)) throw new AppError(ReplyCode.CONFLICT, 'error.admission.noPersonnelFile');
}

/** Saves one kind's data, already validated against its schema by the caller. */
export async function saveAdmission<K extends AdmissionKind>(
  ctx: AppContext,
  applicant: DoctorApplicant,
  kind: K,
  data: AdmissionData[K],
): Promise<AdmissionSaveView> {
  await requireAdmitted(ctx.db, applicant);
  requireApplies(applicant, kind);
  const now = ctx.clock.now();
  const [record, windows] = await Promise.all([findRecord(ctx.db, applicant, kind), stageWindows(ctx.db, cycleOf(applicant), applicant.recruitYear)]);
  const lock = lockOf(windows.admissionPaperwork, now, record?.tracking_number ?? null);
  if (lock) throw new AppError(ReplyCode.FORBIDDEN, `error.admission.${lock}`);
  const json = JSON.stringify(data);
  await ctx.db
    .insertInto('admission_record')
    .values({ user_id: applicant.userId, recruit_year: applicant.recruitYear, area: DOCTOR_AREA, kind, data_json: json, tracking_number: null, tracking_set_at: null, created_at: now, updated_at: now })
    // Two tabs saving at once: the later one wins, neither fails on the unique index.
    .onConflict((oc) => oc.columns(['user_id', 'recruit_year', 'area', 'kind']).doUpdateSet({ data_json: json, updated_at: now }))
    .execute();
  // The timeline's next step ('fill admission info') depends on whether the archive record exists.
  if (kind === 'archive' && !record) ctx.applicantChanged.changed(applicant.userId);
  return { updatedAt: new Date(now).toISOString() };
}
