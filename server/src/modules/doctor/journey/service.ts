import { MATERIAL_CATEGORIES_KEY, parseMaterialCategories, type JourneyView, type MenuGate } from '@gradus/contract';
import type { AppContext } from '../../../context';
import type { DB } from '../../../db/database';
import { configValue } from '../../system-config/service';
import type { DoctorApplicant } from '../applicant';
import { journeyFacts } from './facts';
import { openGates } from './gates';
import { stageWindows } from './releases';
import { timeline } from './timeline';

/** How many required application-phase material categories hold no file yet. */
export async function missingRequiredMaterials(db: DB, applicant: { userId: number; recruitYear: string }): Promise<string[]> {
  const categories = parseMaterialCategories(await configValue(db, 'doctor', MATERIAL_CATEGORIES_KEY));
  const held = await db
    .selectFrom('application_material')
    .select('category')
    .distinct()
    .where('user_id', '=', applicant.userId)
    .where('recruit_year', '=', applicant.recruitYear)
    .execute();
  const have = new Set(held.map((h) => h.category));
  return categories.filter((c) => c.required && c.phase === 'application' && !have.has(c.key)).map((c) => c.key);
}

export async function applicantJourney(ctx: AppContext, applicant: DoctorApplicant): Promise<JourneyView> {
  const [facts, windows, missing] = await Promise.all([
    journeyFacts(ctx.db, applicant),
    stageWindows(ctx.db),
    missingRequiredMaterials(ctx.db, applicant),
  ]);
  return timeline(facts, windows, ctx.clock.now(), missing.length);
}

/**
 * The menu gates open for a doctoral applicant, cached like the role's menus. The applicant's own
 * actions that open a gate (submitting the form) call `forgetGates`; staff changes made in another
 * process show within the reference cache's lifetime. The calls themselves never rely on this cache.
 */
export function gatesOf(ctx: AppContext, applicant: { userId: number; recruitYear: string }): Promise<Set<MenuGate>> {
  return ctx.cache.get(`gates:${applicant.userId}`, async () => openGates(await journeyFacts(ctx.db, applicant)));
}

export function forgetGates(ctx: AppContext, userId: number): void {
  ctx.cache.delete(`gates:${userId}`);
}
