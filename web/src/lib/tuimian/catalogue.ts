import { useTranslation } from 'react-i18next';
import { TMS_DEGREE_PROGRAMMES, type TmsCampResultView, type TmsCatalogueView, type TmsDegreeType } from '@gradus/contract/tuimian/form';
import { campOutcome } from '@/lib/camp/camp-result';
import { localName } from '@/lib/catalogue-names';

/**
 * Reading a tuimian catalogue, shared by the applicant's form and information page and the back
 * office's file page (a feature may not import another, so what both need lives here).
 */

/** A programme of the catalogue with the department offering it, if the catalogue still lists it. */
export function findTmsProgramme(catalogue: TmsCatalogueView | undefined, programmeId: number | undefined | null) {
  for (const department of catalogue?.departments ?? []) {
    const programme = department.programmes.find((p) => p.id === programmeId);
    if (programme) return { department, programme };
  }
  return undefined;
}

/**
 * The programmes a degree type may apply to (TMS_DEGREE_PROGRAMMES: a master's type the master's
 * programmes, a direct doctorate the doctoral ones), grouped by department, empty departments left out.
 */
export function programmesOfDegree(catalogue: TmsCatalogueView | undefined, degreeType: TmsDegreeType | undefined) {
  if (!degreeType) return [];
  const degree = TMS_DEGREE_PROGRAMMES[degreeType];
  return (catalogue?.departments ?? []).map((department) => ({ department, programmes: department.programmes.filter((p) => p.degree === degree) })).filter((g) => g.programmes.length > 0);
}

/** A camp result in one line: year, camp, programme and the outcome in words. */
export function useCampResultLine() {
  const { t, i18n } = useTranslation();
  return (r: TmsCampResultView) =>
    t('tms.campResult.line', {
      year: r.recruitYear,
      camp: localName(i18n.language, r.campNameZh, r.campNameEn),
      programme: localName(i18n.language, r.programmeNameZh, r.programmeNameEn),
      outcome: t(`campResult.outcome.${campOutcome(r)}`),
    });
}
