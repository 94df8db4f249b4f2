import type { TFunction } from 'i18next';

/**
 * How an outcome reads in the preview: a decision, a ticket issued, a score (the sample's own
 * value, or 'with a score' in the counts), a camp result, or nothing recorded yet.
 */
export function outcomeLabel(t: TFunction, outcome: string): string {
  if (outcome.startsWith('score:')) return t('releases.outcome.scoreOf', { score: outcome.slice('score:'.length) });
  switch (outcome) {
    case 'pass':
      return t('releases.outcome.pass');
    case 'fail':
      return t('releases.outcome.fail');
    case 'ticket':
      return t('releases.outcome.ticket');
    case 'score':
      return t('releases.outcome.score');
    case 'outstanding':
      return t('releases.outcome.outstanding');
    case 'passed':
      return t('releases.outcome.passed');
    case 'notRated':
      return t('releases.outcome.notRated');
    case 'absent':
      return t('releases.outcome.absent');
    default:
      return t('releases.outcome.none');
  }
}
