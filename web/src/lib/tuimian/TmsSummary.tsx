import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TmsCampResultView, TmsCatalogueView, TmsFormSection, TmsStoredSections } from '@gradus/contract/tuimian/form';
import { intendedNames } from '@/lib/catalogue-names';
import { useStudiesSummary } from '@/lib/school/StudiesSummary';
import { useUniversityName } from '@/lib/school/universities';
import { SummaryCard, useContactItems, useResearchRows, useSummaryParts } from '@/lib/ui/FormSummary';
import { findTmsProgramme, useCampResultLine } from './catalogue';

/**
 * The tuimian form read-only, section by section, the catalogue's ids given as names: the applicant's
 * information page and the back office's file page show the same.
 */
export function TmsSummary({
  sections,
  catalogue,
  reopened = [],
  linkedCampResult = null,
}: {
  sections: TmsStoredSections;
  catalogue: TmsCatalogueView | undefined;
  reopened?: readonly TmsFormSection[];
  /** The back office's file names the linked camp result itself (its catalogue lists none). */
  linkedCampResult?: TmsCampResultView | null;
}) {
  const { t, i18n } = useTranslation();
  const { show, describe } = useSummaryParts();
  const contactItems = useContactItems();
  const researchRows = useResearchRows();
  const studies = useStudiesSummary();
  const universityName = useUniversityName();
  const campResultLine = useCampResultLine();
  const card = (section: TmsFormSection, body: ReactNode) => (
    <SummaryCard key={section} section={section} title={t(`tmsForm.section.${section}`)} reopened={reopened.includes(section)}>
      {body}
    </SummaryCard>
  );
  const r = sections.recommendation;
  const linked = catalogue?.campResults.find((c) => c.placeId === r?.campPlaceId) ?? (linkedCampResult?.placeId === r?.campPlaceId ? linkedCampResult : null);
  const c = sections.choice;
  const names = intendedNames(catalogue, { ...c, departmentId: findTmsProgramme(catalogue, c?.programmeId)?.department.id }, i18n.language);
  const word = (prefix: string, value: string | undefined) => (value ? t(`${prefix}.${value}`) : '—');
  return (
    <>
      {card('contact', describe(contactItems(sections.contact)))}
      {card('undergraduate', studies.undergraduate(sections.undergraduate))}
      {card(
        'recommendation',
        describe([
          { key: 'status', label: t('tmsForm.field.status'), children: word('tms.status', r?.status) },
          { key: 'university', label: t('tmsForm.field.universityCode'), children: show(universityName(r?.universityCode)) },
          { key: 'campResult', label: t('tmsForm.field.campPlaceId'), children: linked ? campResultLine(linked) : r?.campPlaceId ? show(r.campPlaceId) : t('tms.recommendation.noneLinked') },
        ]),
      )}
      {card('english', studies.english(sections.english))}
      {card('research', researchRows(sections.research))}
      {card('awards', studies.awards(sections.awards))}
      {card(
        'choice',
        describe([
          { key: 'degreeType', label: t('tmsForm.field.degreeType'), children: word('tms.degreeType', c?.degreeType) },
          { key: 'department', label: t('tmsForm.field.departmentId'), children: show(names.department) },
          { key: 'programme', label: t('tmsForm.field.programmeId'), children: names.programme || show(c?.programmeId) },
          { key: 'direction', label: t('tmsForm.field.directionId'), children: show(names.direction) },
          { key: 'supervisor', label: t('tmsForm.field.supervisorId'), children: show(names.supervisor) },
          { key: 'transfer', label: t('tmsForm.field.willingToTransfer'), children: word('tms.yesNo', c?.willingToTransfer) },
        ]),
      )}
      {card('statement', <p className="application-form__plan">{show(sections.statement?.text)}</p>)}
    </>
  );
}
