import type { AppContext } from '../../../context';
import type { Applicant } from '../../admissions/applicant';
import { PORTAL_ACTOR } from '../../admissions/staff-audit';
import { recordCampResults } from '../admission/results';
import { admitCampers, waitlistCampers } from '../admission/service';
import { confirmCampPlace, declineCampPlace } from '../qualification/service';
import type { CamperPlace, DemoCamper } from './campers';
import { demoCampDays } from './camps';

const DAY = 86_400_000;

/**
 * The demo's camp admission, walked through the portal's own services so every row and audit entry
 * is one the portal itself would write: two days ago the office offered the programme's places to
 * the campers marked confirmed or declined and listed the waiting ones in order, and the first
 * confirmed at once; yesterday the other declined, so the first waiting camper was offered the
 * place with the camp's 48 hours: they must confirm by tomorrow. A camp already held was admitted a
 * month ago, ten days before its deadline, and its campers' results are recorded now.
 */
export async function seedDemoCampPlaces(ctx: AppContext, campers: ReadonlyMap<DemoCamper, Applicant>): Promise<void> {
  const now = ctx.clock.now();
  const at = (daysAgo: number): AppContext => ({ ...ctx, clock: { now: () => now - daysAgo * DAY } });
  const holding = (...places: CamperPlace[]) => [...campers].filter(([c]) => c.place && places.includes(c.place));
  const programmes = new Set(holding('confirmed', 'declined', 'promoted', 'waitlisted').map(([c]) => c.programme));
  for (const code of programmes) {
    const { id: programmeId } = await ctx.db.selectFrom('programme').select('id').where('code', '=', code).executeTakeFirstOrThrow();
    const ofProgramme = (...places: CamperPlace[]) => holding(...places).filter(([c]) => c.programme === code);
    const formIds = async (list: [DemoCamper, Applicant][]) => {
      const forms = await ctx.db.selectFrom('application_form').select(['id', 'user_id']).where('area', '=', 'summerCamp').where('user_id', 'in', list.map(([, a]) => a.userId)).execute();
      // In the demo list's order: the waiting list keeps it.
      return list.map(([, a]) => forms.find((f) => f.user_id === a.userId)!.id);
    };
    const admitted = Math.max(2, 10 - demoCampDays(code).confirm);
    await admitCampers(at(admitted), { programmeId, applicationIds: await formIds(ofProgramme('confirmed', 'declined')) }, PORTAL_ACTOR);
    const waiting = ofProgramme('promoted', 'waitlisted');
    if (waiting.length) await waitlistCampers(at(admitted), { programmeId, applicationIds: await formIds(waiting) }, PORTAL_ACTOR);
    for (const [, a] of ofProgramme('confirmed')) await confirmCampPlace(at(admitted), a, { version: 1 });
    for (const [, a] of ofProgramme('declined')) await declineCampPlace(at(admitted - 1), a, { version: 1 });
    const rated = ofProgramme('confirmed').filter(([c]) => c.result);
    if (rated.length) {
      const ids = await formIds(rated);
      await recordCampResults(ctx, { programmeId, results: rated.map(([c], i) => ({ applicationId: ids[i]!, attendance: 'attended', rating: c.result! })) }, PORTAL_ACTOR);
    }
  }
}
