import { DOWNLOAD_ROOTS, PUBLIC_DOWNLOAD_ROOT, ReplyCode, type Actor, type FileTarget } from '@gradus/contract';
import type { Readable } from 'node:stream';
import type { AppContext } from '../../context';
import type { StoredFileRow } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { sanitizeFileName } from '../../lib/content-disposition';
import { sniff } from '../../lib/file-type';
import { FileTooLargeError, type SavedBytes } from '../../plugins/storage';
import { loadApplicationTarget } from '../admissions/application-target';

export interface CheckedUpload extends SavedBytes {
  ext: 'pdf' | 'jpg' | 'png';
  mime: string;
  originalName: string;
}

/**
 * Streams an upload to storage and checks it by content. Refused uploads leave nothing behind.
 * The bytes are not yet a file anyone can name: `keepUpload` records them, `discardUpload` drops them.
 */
export async function receiveUpload(ctx: AppContext, stream: Readable, originalName: string, maxBytes: number): Promise<CheckedUpload> {
  let saved: SavedBytes;
  try {
    saved = await ctx.storage.save(stream, maxBytes);
  } catch (err) {
    if (err instanceof FileTooLargeError) throw new AppError(413, 'error.bodyTooLarge', {}, 413);
    throw err;
  }
  const type = sniff(saved.head);
  if (!type) {
    await ctx.storage.remove(saved.storageKey);
    throw new AppError(ReplyCode.BAD_INPUT, 'error.uploadType');
  }
  return { ...saved, ...type, originalName: sanitizeFileName(originalName) || `file.${type.ext}` };
}

export async function discardUpload(ctx: AppContext, upload: CheckedUpload): Promise<void> {
  await ctx.storage.remove(upload.storageKey);
}

export async function keepUpload(
  ctx: AppContext,
  upload: CheckedUpload,
  owner: { ownerUserId: number | null; category: string; isPublic?: boolean; root?: string },
): Promise<StoredFileRow> {
  const root = owner.root ?? '/zsData/';
  const filePath = `${root}${owner.category}/${upload.storageKey}.${upload.ext}`;
  try {
    return await ctx.db
      .insertInto('stored_file')
      .values({
        file_path: filePath,
        owner_user_id: owner.ownerUserId,
        category: owner.category,
        storage_key: upload.storageKey,
        original_name: upload.originalName,
        mime_type: upload.mime,
        size_bytes: upload.size,
        sha256: upload.sha256,
        is_public: owner.isPublic ? 1 : 0,
        created_at: ctx.clock.now(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (err) {
    await ctx.storage.remove(upload.storageKey);
    throw err;
  }
}

/**
 * A client's filePath is only a key into `stored_file`. Anything that is not a plain path under one
 * of the spec's download roots is refused before the lookup: traversal, backslashes, encodings,
 * control characters, empty or dot segments.
 */
export function checkRequestedPath(filePath: string): string | null {
  if (!DOWNLOAD_ROOTS.some((root) => filePath.startsWith(root))) return null;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
  if (/[\u0000-\u001f\u007f\\%]/.test(filePath)) return null;
  const segments = filePath.split('/').slice(1);
  if (segments.some((s, i) => (s === '' && i !== segments.length - 1) || s === '.' || s === '..' || s.trim() !== s)) return null;
  if (filePath.normalize('NFC') !== filePath) return null;
  return filePath;
}

/**
 * The record a client's filePath names, with what the `file.read` policy needs: whether it is
 * public, its owner, and (for staff readers only) the owner's application, whose scope decides,
 * and whether it is one of the application's materials or evidence about the account.
 */
export async function loadRequestedFile(ctx: AppContext, actor: Actor, filePath: string): Promise<{ row: StoredFileRow; target: FileTarget }> {
  const key = checkRequestedPath(filePath);
  if (!key) throw new AppError(ReplyCode.BAD_INPUT, 'error.filePathInvalid');
  const row = await ctx.db.selectFrom('stored_file').selectAll().where('file_path', '=', key).executeTakeFirst();
  if (!row) throw new AppError(ReplyCode.NOT_FOUND, 'error.fileNotFound');
  const isPublic = row.is_public === 1 || row.file_path.startsWith(PUBLIC_DOWNLOAD_ROOT);
  const forStaff = !isPublic && actor.kind !== 'applicant' && row.owner_user_id !== null;
  const [application, material] = forStaff
    ? await Promise.all([
        loadApplicationTarget(ctx.db, row.owner_user_id!),
        ctx.db.selectFrom('application_material').select('id').where('stored_file_id', '=', row.id).executeTakeFirst(),
      ])
    : [null, undefined];
  return { row, target: { ownerUserId: row.owner_user_id, isPublic, material: Boolean(material), application } };
}
