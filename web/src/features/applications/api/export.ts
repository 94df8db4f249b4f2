import type { ApplicationExportRequest } from '@gradus/contract/api/staff-export';
import { fetchFile } from '@/lib/download';

export const EXPORT_URL = '/mucgrs-service/staff/applications/export';

/**
 * Every row the filters and the caller's scope select, as an .xlsx the server streams. No time
 * limit: 100,000 rows take a few seconds. Silent: the button says what went wrong. A refusal
 * is thrown as the ReplyError it is.
 */
export const exportApplications = (filters: ApplicationExportRequest): Promise<{ blob: Blob; fileName: string }> => fetchFile(EXPORT_URL, filters, 'applications.xlsx');
