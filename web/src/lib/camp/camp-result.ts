import type { CampAttendance, CampRating } from '@gradus/contract/api/staff-camp-admission';

/** How a camp result reads, to the camper and to the office: one of four, never more. */
export type CampOutcome = 'outstanding' | 'passed' | 'attended' | 'absent';

/**
 * A recorded result as one outcome: absent; else the rating a rating camp gave; else attended (a
 * camp that is an activity only rates nobody, stored as 'notRated').
 */
export function campOutcome(result: { attendance: CampAttendance; rating: CampRating | null }): CampOutcome {
  if (result.attendance === 'absent') return 'absent';
  if (result.rating === 'outstanding' || result.rating === 'passed') return result.rating;
  return 'attended';
}
