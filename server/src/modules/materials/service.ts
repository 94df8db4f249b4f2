import {
  ID_PHOTO_CATEGORY,
  ReplyCode,
  minFilesOf,
  type MaterialCategory,
  type MaterialPhase,
  type MaterialsView,
  type MaterialUploadView,
  type PhotoReviewView,
} from '@gradus/contract';
import type { Readable } from 'node:stream';
import type { AppContext } from '../../context';
import type { DB } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { imageSize } from '../../lib/image-size';
import type { Applicant } from '../admissions/applicant';
import { lockApplicant } from '../admissions/applicant-lock';
import { refreshListStates } from '../applications/list-states';
import { discardUpload, keepUpload, receiveUpload, type CheckedUpload } from '../files/service';
import type { MaterialsArea } from './area';
import { fileView } from './presenter';
import { deleteMaterials, formStateOf, latestPhoto, materialsOf, ownMaterial, type ApplicantKey, type FormState, type MaterialRow } from './repo';
import { abilitiesOf, lockMessage, nameWithRealExtension, phaseLock, photoSizeProblem, type Abilities } from './rules';
import { formatKb, materialSettings, maxKbOf, typesOf, type MaterialSettings } from './settings';

/** The applicant whose own materials a call changes: the fields the rules and the records need. */
export type MaterialsApplicant = Pick<Applicant, 'userId' | 'recruitYear' | 'registerType'>;

/** Everything the rules look at, read together (inside the transaction when deciding a write). */
interface Situation {
  form: FormState;
  latestPhoto: MaterialRow | undefined;
  photoReviewReleased: boolean;
}

const photoReviewReleased = (db: DB, of: MaterialsArea, who: MaterialsApplicant): Promise<boolean> =>
  of.photoReviewReleased ? of.photoReviewReleased(db, who) : Promise.resolve(false);

async function situationOf(db: DB, of: MaterialsArea, who: MaterialsApplicant): Promise<Situation> {
  const [form, photo, released] = await Promise.all([formStateOf(db, of, who), latestPhoto(db, of, who), photoReviewReleased(db, of, who)]);
  return { form, latestPhoto: photo, photoReviewReleased: released };
}

const abilities = (category: MaterialCategory, s: Situation): Abilities =>
  abilitiesOf(category, s.form, { latest: s.latestPhoto, reviewReleased: s.photoReviewReleased });

const typeNames = (types: readonly string[]) => types.map((t) => t.toUpperCase()).join(' / ');

/** The records' owner for the back office's list: the applicant's form of this area. */
const listOwner = (of: MaterialsArea, who: ApplicantKey) => ({ userId: who.userId, recruitYear: who.recruitYear, area: of.area });

export async function listMaterials(ctx: AppContext, of: MaterialsArea, applicant: MaterialsApplicant, phase: MaterialPhase): Promise<MaterialsView> {
  if (!of.phases.includes(phase)) throw new AppError(ReplyCode.BAD_INPUT, 'error.materialPhaseNotOffered');
  const [settings, rows, situation] = await Promise.all([materialSettings(ctx.db, of), materialsOf(ctx.db, of, applicant), situationOf(ctx.db, of, applicant)]);
  const categories = settings.categories
    .filter((c) => c.phase === phase)
    .map((c) => ({
      key: c.key,
      required: c.required,
      types: [...typesOf(c)],
      maxKb: maxKbOf(c, settings.photoRules),
      minFiles: minFilesOf(c),
      maxFiles: c.maxFiles,
      template: c.template,
      isPhoto: c.key === ID_PHOTO_CATEGORY,
      ...abilities(c, situation),
      files: rows.filter((r) => r.category === c.key).map((r) => fileView(r, situation.photoReviewReleased)),
    }));
  const required = categories.filter((c) => c.required);
  return {
    phase,
    lock: phaseLock(phase, situation.form),
    categories,
    photoRules: categories.some((c) => c.isPhoto) ? settings.photoRules : null,
    requiredCount: required.length,
    requiredDone: required.filter((c) => c.files.length >= c.minFiles).length,
  };
}

/** What an upload will do, decided from the fields before any byte of the file is read. */
export interface UploadPlan {
  category: MaterialCategory;
  settings: MaterialSettings;
  maxKb: number;
  /** Files the upload takes the place of (an explicit replacement, or the single file of a one-file category). */
  replaceIds: number[];
}

export async function planUpload(
  ctx: AppContext,
  of: MaterialsArea,
  applicant: MaterialsApplicant,
  input: { category: string; replaceFileId?: number | undefined },
): Promise<UploadPlan> {
  const settings = await materialSettings(ctx.db, of);
  const category = settings.categories.find((c) => c.key === input.category);
  if (!category) throw new AppError(ReplyCode.BAD_INPUT, 'error.materialCategoryUnknown', { category: input.category });
  const situation = await situationOf(ctx.db, of, applicant);
  if (!abilities(category, situation).canUpload) throw new AppError(ReplyCode.FORBIDDEN, lockMessage(phaseLock(category.phase, situation.form)));
  const held = (await materialsOf(ctx.db, of, applicant)).filter((r) => r.category === category.key);
  let replaceIds: number[] = [];
  if (input.replaceFileId !== undefined) {
    if (!held.some((r) => r.id === input.replaceFileId)) throw new AppError(ReplyCode.NOT_FOUND, 'error.fileNotFound');
    replaceIds = [input.replaceFileId];
  }
  checkRoom(category, held, replaceIds);
  return { category, settings, maxKb: maxKbOf(category, settings.photoRules), replaceIds };
}

/** A one-file category (the photo) replaces its file; a fuller one refuses until one goes. */
function checkRoom(category: MaterialCategory, held: readonly MaterialRow[], replaceIds: number[]): number[] {
  if (category.maxFiles === 1) return held.map((r) => r.id);
  const kept = held.filter((r) => !replaceIds.includes(r.id));
  if (kept.length >= category.maxFiles) throw new AppError(ReplyCode.CONFLICT, 'error.materialFull', { max: category.maxFiles });
  return replaceIds.filter((id) => held.some((r) => r.id === id));
}

/**
 * Streams the file to storage under the category's limit (refused as soon as the limit is passed,
 * not after the whole body) and checks it by content: type, and for the photo its pixel size.
 * A refused file is removed before the error leaves.
 */
export async function receiveMaterial(ctx: AppContext, plan: UploadPlan, stream: Readable, fileName: string): Promise<CheckedUpload> {
  const { category } = plan;
  const isPhoto = category.key === ID_PHOTO_CATEGORY;
  const types = typesOf(category);
  let upload: CheckedUpload;
  try {
    upload = await receiveUpload(ctx, stream, fileName, plan.maxKb * 1024);
  } catch (err) {
    if (err instanceof AppError && err.messageKey === 'error.bodyTooLarge') {
      throw new AppError(ReplyCode.BAD_INPUT, isPhoto ? 'error.photoTooLarge' : 'error.materialTooLarge', { limit: formatKb(plan.maxKb) });
    }
    if (err instanceof AppError && err.messageKey === 'error.uploadType') {
      throw new AppError(ReplyCode.BAD_INPUT, isPhoto ? 'error.photoNotJpeg' : 'error.materialNotRecognised', { types: typeNames(types), found: '?' });
    }
    throw err;
  }
  try {
    if (!types.includes(upload.ext)) {
      throw new AppError(ReplyCode.BAD_INPUT, isPhoto ? 'error.photoNotJpeg' : 'error.materialType', { types: typeNames(types), found: upload.ext.toUpperCase() });
    }
    if (isPhoto) await checkPhotoPixels(ctx, upload, plan.settings);
  } catch (err) {
    await discardUpload(ctx, upload);
    throw err;
  }
  return { ...upload, originalName: nameWithRealExtension(upload.originalName, upload.ext) };
}

async function checkPhotoPixels(ctx: AppContext, upload: CheckedUpload, settings: MaterialSettings): Promise<void> {
  // The frame header may sit after a large EXIF block, so the whole (small, size-limited) photo is read.
  const chunks: Buffer[] = [];
  for await (const chunk of ctx.storage.open(upload.storageKey)) chunks.push(chunk as Buffer);
  const size = imageSize(Buffer.concat(chunks));
  if (!size) throw new AppError(ReplyCode.BAD_INPUT, 'error.photoUnreadable');
  const problem = photoSizeProblem(size, settings.photoRules);
  if (problem) throw new AppError(ReplyCode.BAD_INPUT, problem.key, problem.params);
}

/**
 * Records the received file. The rows are written only now, with the bytes complete, in one
 * transaction that re-checks the rules (the form may have been submitted meanwhile, a parallel
 * upload may have taken the last place); any failure removes the bytes, so neither a file nor a
 * record is left half done. Replaced files' bytes go once the transaction has committed.
 */
export async function commitUpload(ctx: AppContext, of: MaterialsArea, applicant: MaterialsApplicant, plan: UploadPlan, upload: CheckedUpload): Promise<MaterialUploadView> {
  const { category } = plan;
  let replaced: MaterialRow[] = [];
  let row: MaterialRow;
  try {
    row = await ctx.db.transaction().execute(async (trx) => {
      await lockApplicant(trx, applicant.userId);
      const situation = await situationOf(trx, of, applicant);
      if (!abilities(category, situation).canUpload) throw new AppError(ReplyCode.FORBIDDEN, lockMessage(phaseLock(category.phase, situation.form)));
      const held = (await materialsOf(trx, of, applicant)).filter((r) => r.category === category.key);
      const replaceIds = checkRoom(category, held, plan.replaceIds);
      replaced = held.filter((r) => replaceIds.includes(r.id));
      const file = await keepUpload({ ...ctx, db: trx }, upload, { ownerUserId: applicant.userId, category: `${of.area}/${category.key}` });
      const now = ctx.clock.now();
      const material = await trx
        .insertInto('application_material')
        .values({ user_id: applicant.userId, recruit_year: applicant.recruitYear, area: of.area, category: category.key, stored_file_id: file.id, status: 'uploaded', created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await deleteMaterials(trx, replaced);
      // A new photo waits for review again: the back office's list says so at once.
      await refreshListStates(trx, listOwner(of, applicant));
      const saved = await ownMaterial(trx, of, applicant, material.id);
      if (!saved) throw new Error('material vanished inside its own transaction');
      return saved;
    });
  } catch (err) {
    await discardUpload(ctx, upload).catch(() => {});
    throw err;
  }
  await removeBytes(ctx, replaced);
  ctx.applicantChanged.changed(applicant.userId);
  const released = await photoReviewReleased(ctx.db, of, applicant);
  return { file: fileView(row, released), replacedFileId: replaced[0]?.id ?? null };
}

/** Deletes one of the applicant's own files; another applicant's id is 'not found' and changes nothing. */
export async function deleteMaterial(ctx: AppContext, of: MaterialsArea, applicant: MaterialsApplicant, fileId: number): Promise<void> {
  const settings = await materialSettings(ctx.db, of);
  const row = await ctx.db.transaction().execute(async (trx) => {
    await lockApplicant(trx, applicant.userId);
    const own = await ownMaterial(trx, of, applicant, fileId);
    if (!own) throw new AppError(ReplyCode.NOT_FOUND, 'error.fileNotFound');
    // A category since removed from the configuration keeps the application phase's lock.
    const category: MaterialCategory = settings.categories.find((c) => c.key === own.category) ?? {
      key: own.category,
      required: false,
      types: ['pdf'],
      maxKb: 1,
      maxFiles: 1,
      phase: 'application',
      template: null,
    };
    const situation = await situationOf(trx, of, applicant);
    if (!abilities(category, situation).canDelete) {
      throw new AppError(ReplyCode.FORBIDDEN, category.key === ID_PHOTO_CATEGORY && abilities(category, situation).canUpload ? 'error.photoReplaceOnly' : lockMessage(phaseLock(category.phase, situation.form)));
    }
    await deleteMaterials(trx, [own]);
    await refreshListStates(trx, listOwner(of, applicant));
    return own;
  });
  await removeBytes(ctx, [row]);
  ctx.applicantChanged.changed(applicant.userId);
}

/** After commit: a file whose bytes could not be removed is only an orphan, never a dangling record. */
async function removeBytes(ctx: AppContext, rows: readonly MaterialRow[]): Promise<void> {
  for (const r of rows) {
    await ctx.storage.remove(r.storage_key).catch((err: unknown) => ctx.log.warn({ err, storageKey: r.storage_key }, 'could not remove replaced material bytes'));
  }
}

/** The photo review result, only once published; then the photo and whether it may be replaced. */
export async function photoReviewOf(ctx: AppContext, of: MaterialsArea, applicant: MaterialsApplicant): Promise<PhotoReviewView> {
  const [settings, situation] = await Promise.all([materialSettings(ctx.db, of), situationOf(ctx.db, of, applicant)]);
  if (!situation.photoReviewReleased) return { published: false };
  const photo = situation.latestPhoto;
  const category = settings.categories.find((c) => c.key === ID_PHOTO_CATEGORY);
  const canReplace = !!category && abilities(category, situation).canUpload;
  if (!photo) return { published: true, status: 'none', reason: null, reviewedAt: null, filePath: null, canReplace };
  const view = fileView(photo, true);
  return {
    published: true,
    status: view.status,
    reason: view.reviewReason,
    reviewedAt: photo.reviewed_at !== null && view.status !== 'uploaded' ? new Date(photo.reviewed_at).toISOString() : null,
    filePath: photo.file_path,
    canReplace,
  };
}
