import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { Database } from './database';
import type { DialectKind } from './dialect';
import { foundation } from './migrations/001-foundation';
import { doctoralJourney } from './migrations/002-doctoral-journey';
import { admissionPaperwork } from './migrations/003-admission';
import { admissionsCore } from './migrations/004-admissions-core';
import { applicationList } from './migrations/005-application-list';
import { listStates } from './migrations/006-list-states';
import { expertReview } from './migrations/007-expert-review';
import { reviewLinks } from './migrations/008-review-links';
import { interviewSessions } from './migrations/009-interview-sessions';
import { listIndexes } from './migrations/010-list-indexes';
import { photoClaims } from './migrations/011-photo-claims';
import { listAtScale } from './migrations/012-list-at-scale';
import { auditChain } from './migrations/013-audit-chain';
import { accountSafeguards } from './migrations/014-account-safeguards';
import { publicity } from './migrations/015-publicity';
import { releasePlans } from './migrations/016-release-plans';
import { examSessions } from './migrations/017-exam-sessions';
import { scoreVersions } from './migrations/018-score-versions';
import { scoreRechecks } from './migrations/019-score-rechecks';
import { roleDenials } from './migrations/020-role-denials';
import { offlineReceipts } from './migrations/021-offline-receipts';
import { summerCamps } from './migrations/022-summer-camps';
import { departmentReview } from './migrations/023-department-review';
import { campPlaces } from './migrations/024-camp-places';
import { campResults } from './migrations/025-camp-results';
import { tmsInterviews } from './migrations/026-tms-interviews';
import { tmsNationalOffers } from './migrations/027-tms-national-offers';
import { mailOutbox } from './migrations/028-mail-outbox';
import { ticketBatchJobs } from './migrations/029-ticket-batch-jobs';

/** Migrations are code, listed here in order; they run at every start. */
export function migrationsFor(kind: DialectKind): Record<string, Migration> {
  return {
    '001-foundation': foundation(kind),
    '002-doctoral-journey': doctoralJourney(kind),
    '003-admission': admissionPaperwork(kind),
    '004-admissions-core': admissionsCore(kind),
    '005-application-list': applicationList,
    '006-list-states': listStates(kind),
    '007-expert-review': expertReview(kind),
    '008-review-links': reviewLinks(kind),
    '009-interview-sessions': interviewSessions(kind),
    '010-list-indexes': listIndexes(kind),
    '011-photo-claims': photoClaims(kind),
    '012-list-at-scale': listAtScale(kind),
    '013-audit-chain': auditChain(kind),
    '014-account-safeguards': accountSafeguards(kind),
    '015-publicity': publicity(kind),
    '016-release-plans': releasePlans(kind),
    '017-exam-sessions': examSessions(kind),
    '018-score-versions': scoreVersions(kind),
    '019-score-rechecks': scoreRechecks(kind),
    '020-role-denials': roleDenials(kind),
    '021-offline-receipts': offlineReceipts(kind),
    '022-summer-camps': summerCamps(kind),
    '023-department-review': departmentReview(kind),
    '024-camp-places': campPlaces(kind),
    '025-camp-results': campResults(kind),
    '026-tms-interviews': tmsInterviews(kind),
    '027-tms-national-offers': tmsNationalOffers(kind),
    '028-mail-outbox': mailOutbox(kind),
    '029-ticket-batch-jobs': ticketBatchJobs,
  };
}

/**
 * `schema` pins the migration bookkeeping to the schema the app uses: without it Kysely may see
 * another schema's lock table on a shared server and trip over it.
 */
export async function migrateToLatest(db: Kysely<Database>, kind: DialectKind, schema?: string): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => migrationsFor(kind) };
  const migrator = new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
