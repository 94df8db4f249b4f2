import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CampCatalogueView, CampFormSection, CampStoredSections } from '@gradus/contract/summer-camp/form';
import { localName } from '@/lib/catalogue-names';
import { useStudiesSummary } from '@/lib/school/StudiesSummary';
import { SummaryCard, useContactItems, useResearchRows, useSummaryParts } from '@/lib/ui/FormSummary';
import { findProgramme, useCampLine } from './catalogue';

/** The submitted camp form, read-only, section by section. */
export function CampSummary({ sections, catalogue, reopened = [] }: { sections: CampStoredSections; catalogue: CampCatalogueView | undefined; reopened?: readonly CampFormSection[] }) {
  const { t, i18n } = useTranslation();
  const campLine = useCampLine();
  const { show, describe, rows } = useSummaryParts();
  const contactItems = useContactItems();
  const researchRows = useResearchRows();
  const studies = useStudiesSummary();
  const card = (section: CampFormSection, body: ReactNode) => (
    <SummaryCard key={section} section={section} title={t(`camp.section.${section}`)} reopened={reopened.includes(section)}>
      {body}
    </SummaryCard>
  );
  const name = (x?: { nameZh: string; nameEn: string }) => (x ? localName(i18n.language, x.nameZh, x.nameEn) : '');
  return (
    <>
      {card('contact', describe(contactItems(sections.contact)))}
      {card('undergraduate', studies.undergraduate(sections.undergraduate))}
      {card('english', studies.english(sections.english))}
      {card('research', researchRows(sections.research))}
      {card('awards', studies.awards(sections.awards))}
      {card(
        'choices',
        rows(sections.choices, (i) => t('camp.rows.choice', { row: i + 1 }), (r) => {
          const found = findProgramme(catalogue, r.programmeId);
          const direction = found?.programme.directions.find((d) => d.id === r.directionId);
          const supervisor = direction?.supervisors.find((p) => p.id === r.supervisorId);
          return [
            { key: 'camp', label: t('camp.field.camp'), children: found ? campLine(found.camp) : '—' },
            { key: 'programme', label: t('camp.field.programme'), children: found ? `${name(found.programme)} · ${name(found.programme.department)}` : show(r.programmeId) },
            { key: 'direction', label: t('camp.field.direction'), children: show(name(direction)) },
            { key: 'supervisor', label: t('camp.field.supervisor'), children: supervisor ? supervisor.name : '—' },
          ];
        }),
      )}
      {card('statement', <p className="application-form__plan">{show(sections.statement?.text)}</p>)}
    </>
  );
}
