import type { ReactNode } from 'react';
import { Card, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CampCatalogueView, CampFormSection, CampStoredSections } from '@gradus/contract/summer-camp/form';
import { universityOf } from '@gradus/contract/summer-camp/universities';
import { localName } from '@/lib/catalogue-names';
import { useContactItems, useResearchRows, useSummaryParts } from '@/lib/ui/FormSummary';
import { findProgramme, useCampLine } from './sections/ChoiceFields';

type Undergraduate = NonNullable<CampStoredSections['undergraduate']>;

/** The school as the camper gave it: the listed name, or the typed one with its region. */
function useSchoolText() {
  const { i18n } = useTranslation();
  return (u: Undergraduate | undefined) => {
    if (!u) return '';
    if (u.schoolKind === 'listed') {
      const school = u.schoolCode ? universityOf(u.schoolCode) : undefined;
      return school ? localName(i18n.language, school.nameZh, school.nameEn) : (u.schoolCode ?? '');
    }
    return [u.schoolName, u.schoolRegion].filter(Boolean).join(' · ');
  };
}

/** The submitted camp form, read-only, section by section. */
export function CampSummary({ sections, catalogue, reopened = [] }: { sections: CampStoredSections; catalogue: CampCatalogueView | undefined; reopened?: readonly CampFormSection[] }) {
  const { t, i18n } = useTranslation();
  const school = useSchoolText();
  const campLine = useCampLine();
  const { show, describe, rows } = useSummaryParts();
  const contactItems = useContactItems();
  const researchRows = useResearchRows();
  const card = (section: CampFormSection, body: ReactNode) => (
    <Card key={section} id={`form-section-${section}`} title={t(`camp.section.${section}`)} className="application-form__card" extra={reopened.includes(section) ? <Tag color="orange">{t('form.returned.reopenedTag')}</Tag> : null}>
      {body}
    </Card>
  );
  const name = (x?: { nameZh: string; nameEn: string }) => (x ? localName(i18n.language, x.nameZh, x.nameEn) : '');
  const u = sections.undergraduate;
  return (
    <>
      {card('contact', describe(contactItems(sections.contact)))}
      {card(
        'undergraduate',
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
      )}
      {card(
        'english',
        rows(sections.english, (i) => t('camp.rows.english', { row: i + 1 }), (r) => [
          { key: 'test', label: t('camp.field.englishTest'), children: r.test === 'other' ? show(r.testName) : r.test ? t(`camp.englishTest.${r.test}`) : '—' },
          { key: 'score', label: t('camp.field.score'), children: show(r.score) },
          { key: 'month', label: t('camp.field.testMonth'), children: show(r.month) },
        ]),
      )}
      {card(
        'research',
        researchRows(sections.research),
      )}
      {card(
        'awards',
        rows(sections.awards, (i) => t('camp.rows.award', { row: i + 1 }), (r) => [
          { key: 'name', label: t('camp.field.awardName'), children: show(r.name) },
          { key: 'level', label: t('camp.field.awardLevel'), children: r.level ? t(`camp.awardLevel.${r.level}`) : '—' },
          { key: 'month', label: t('camp.field.awardMonth'), children: show(r.month) },
        ]),
      )}
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
