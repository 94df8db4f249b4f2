import { ID_PHOTO_CATEGORY, type MaterialFileView, type MaterialStatus, type MaterialType } from '@gradus/contract';
import type { MaterialRow } from './repo';

const TYPE_BY_MIME: Record<string, MaterialType> = { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png' };

/**
 * The only place a material row becomes a reply. A review result is shown only for the photo and
 * only once the photo review is published; before that every file reads 'uploaded'.
 */
export function fileView(row: MaterialRow, photoReviewReleased: boolean): MaterialFileView {
  const reviewed = row.category === ID_PHOTO_CATEGORY && photoReviewReleased && row.status !== 'uploaded';
  return {
    id: row.id,
    originalName: row.original_name,
    sizeBytes: row.size_bytes,
    uploadedAt: new Date(row.created_at).toISOString(),
    type: TYPE_BY_MIME[row.mime_type] ?? 'pdf',
    filePath: row.file_path,
    status: reviewed ? (row.status as MaterialStatus) : 'uploaded',
    reviewReason: reviewed && row.status === 'rejected' ? row.review_reason : null,
  };
}
