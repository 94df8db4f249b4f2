/**
 * The back office's list as a spreadsheet (issue #9): every row the list's filters and the
 * caller's scope select, in the list's order, as one .xlsx file.
 */
import type { z } from 'zod';
import { applicationListRequest } from './staff';

/**
 * POST /mucgrs-service/staff/applications/export: the list's filters and sort, read by the list's
 * own rules, without paging (the file holds every row).
 */
export const applicationExportRequest = applicationListRequest.omit({ pageNum: true, pageSize: true, exactTotal: true }).strict();
export type ApplicationExportRequest = z.input<typeof applicationExportRequest>;
export type ApplicationExportQuery = z.output<typeof applicationExportRequest>;

/** The file the export answers with. */
export const APPLICATION_EXPORT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
