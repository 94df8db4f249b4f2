import { ReplyCode, type ExternalExpertView, type ReviewLinkState, type SaveExternalExpertRequest } from '@gradus/contract';
import type { DB } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { staffAudit } from '../admissions/staff-audit';
import type { ReviewCycle } from '../review/cycle';

/** An external expert never signs in: no login name, and a password hash no password matches. */
export const NO_PASSWORD = '!external-expert';

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

/** The external experts, each with their load in the stage and the state of the latest link mailed for it. */
export async function externalExperts(db: DB, now: number, cycle: ReviewCycle): Promise<ExternalExpertView[]> {
  const [experts, assigned, submitted, links] = await Promise.all([
    db.selectFrom('app_user').select(['id', 'name', 'affiliation', 'email']).where('kind', '=', 'external').where('status', '=', 'active').orderBy('name').orderBy('id').execute(),
    db
      .selectFrom('expert_assignment')
      .select(['expert_user_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('area', '=', cycle.area)
      .where('recruit_year', '=', cycle.recruitYear)
      .where('stage', '=', cycle.stage)
      .groupBy('expert_user_id')
      .execute(),
    db
      .selectFrom('expert_score')
      .select(['expert_user_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('area', '=', cycle.area)
      .where('recruit_year', '=', cycle.recruitYear)
      .where('stage', '=', cycle.stage)
      .where('status', '=', 'submitted')
      .groupBy('expert_user_id')
      .execute(),
    db
      .selectFrom('review_link')
      .select(['expert_user_id', 'created_at', 'expires_at', 'verified_at', 'declared_at', 'replaced_at'])
      .where('area', '=', cycle.area)
      .where('recruit_year', '=', cycle.recruitYear)
      .where('stage', '=', cycle.stage)
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
  ]);
  const count = (rows: { expert_user_id: number; n: number | string | bigint }[]) => new Map(rows.map((r) => [r.expert_user_id, Number(r.n)]));
  const load = count(assigned);
  const done = count(submitted);
  // Ordered oldest first: the last one written per expert is their latest link.
  const latest = new Map(links.map((l) => [l.expert_user_id, l]));
  return experts.map((e) => {
    const link = latest.get(e.id);
    const state: ReviewLinkState | null = !link ? null : link.replaced_at !== null ? 'replaced' : Number(link.expires_at) <= now ? 'expired' : link.verified_at !== null ? 'verified' : 'sent';
    return {
      userId: e.id,
      name: e.name,
      affiliation: e.affiliation ?? '',
      email: e.email ?? '',
      assigned: load.get(e.id) ?? 0,
      submitted: done.get(e.id) ?? 0,
      link: link && state ? { sentAt: iso(link.created_at)!, expiresAt: iso(link.expires_at)!, verifiedAt: iso(link.verified_at), declaredAt: iso(link.declared_at), state } : null,
    };
  });
}

/**
 * Adds an external expert, or corrects one's name, affiliation or address. An address already
 * recorded for another external expert is refused: two records of one person would split their
 * assignments and their links.
 */
export async function saveExternalExpert(db: DB, now: number, input: SaveExternalExpertRequest, by: number | null): Promise<{ userId: number }> {
  const email = input.email.trim().toLowerCase();
  const same = await db.selectFrom('app_user').select('id').where('kind', '=', 'external').where('email', '=', email).executeTakeFirst();
  if (same && same.id !== input.userId) throw new AppError(ReplyCode.CONFLICT, 'reviewLink.emailTaken', { email });
  const values = { name: input.name.trim(), affiliation: input.affiliation.trim(), email, updated_at: now };
  let userId: number;
  if (input.userId !== undefined) {
    const updated = await db.updateTable('app_user').set(values).where('id', '=', input.userId).where('kind', '=', 'external').executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw new AppError(ReplyCode.NOT_FOUND, 'reviewLink.expertNotFound');
    userId = input.userId;
  } else {
    const row = await db
      .insertInto('app_user')
      .values({ kind: 'external', password_hash: NO_PASSWORD, status: 'active', avatar: '', introduction: '', created_at: now, ...values })
      .returning('id')
      .executeTakeFirstOrThrow();
    userId = row.id;
  }
  await staffAudit(db, now, 'review.externalExpert', { staffUserId: by }, { detail: { userId, name: values.name, affiliation: values.affiliation, created: input.userId === undefined } });
  return { userId };
}

/** An external expert by id, or refused as unknown. */
export async function externalExpert(db: DB, userId: number) {
  const row = await db.selectFrom('app_user').select(['id', 'name', 'email', 'affiliation']).where('id', '=', userId).where('kind', '=', 'external').where('status', '=', 'active').executeTakeFirst();
  if (!row || !row.email) throw new AppError(ReplyCode.NOT_FOUND, 'reviewLink.expertNotFound');
  return { userId: row.id, name: row.name, email: row.email, affiliation: row.affiliation ?? '' };
}
