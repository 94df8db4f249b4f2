import { useTranslation } from 'react-i18next';
import type { CampStoredSections } from '@gradus/contract/summer-camp/form';
import { useSummaryParts } from '@/lib/ui/FormSummary';
import { useUniversityName } from './universities';

type Undergraduate = NonNullable<CampStoredSections['undergraduate']>;
type EnglishRow = NonNullable<CampStoredSections['english']>[number];
type AwardRow = NonNullable<CampStoredSections['awards']>[number];

/**
 * The read-only undergraduate, English-test and award sections, the same in every form that has
 * them (the camp's and the tuimian one): what the applicant gave, each value in words.
 */
export function useStudiesSummary() {
  const { t } = useTranslation();
  const universityName = useUniversityName();
  const { show, describe, rows } = useSummaryParts();
  /** The school as the applicant gave it: the listed name, or the typed one with its region. */
  const school = (u: Undergraduate | undefined) => {
    if (!u) return '';
    if (u.schoolKind === 'listed') return universityName(u.schoolCode);
    return [u.schoolName, u.schoolRegion].filter(Boolean).join(' · ');
  };
  return {
    undergraduate: (u: Undergraduate | undefined) =>
      describe([
        { key: 'school', label: t('camp.field.school'), children: show(school(u)) },
        { key: 'major', label: t('camp.field.major'), children: show(u?.major) },
        { key: 'period', label: t('form.summary.period'), children: `${show(u?.entryMonth)} – ${show(u?.graduationMonth)}` },
        { key: 'gpa', label: t('camp.field.gpa'), children: u?.gpa !== undefined ? t('camp.summary.gpa', { gpa: u.gpa, scale: u.gpaScale ?? '—' }) : '—' },
        {
          key: 'rank',
          label: t('camp.field.rank'),
          children: u?.rank !== undefined ? t('camp.summary.rank', { rank: u.rank, cohort: u.cohortSize ?? '—', basis: u.rankBasis ? t(`camp.rankBasis.${u.rankBasis}`) : '—' }) : '—',
        },
      ]),
    english: (list: EnglishRow[] | undefined) =>
      rows(list, (i) => t('camp.rows.english', { row: i + 1 }), (r) => [
        { key: 'test', label: t('camp.field.englishTest'), children: r.test === 'other' ? show(r.testName) : r.test ? t(`camp.englishTest.${r.test}`) : '—' },
        { key: 'score', label: t('camp.field.score'), children: show(r.score) },
        { key: 'month', label: t('camp.field.testMonth'), children: show(r.month) },
      ]),
    awards: (list: AwardRow[] | undefined) =>
      rows(list, (i) => t('camp.rows.award', { row: i + 1 }), (r) => [
        { key: 'name', label: t('camp.field.awardName'), children: show(r.name) },
        { key: 'level', label: t('camp.field.awardLevel'), children: r.level ? t(`camp.awardLevel.${r.level}`) : '—' },
        { key: 'month', label: t('camp.field.awardMonth'), children: show(r.month) },
      ]),
  };
}
