import './form-summary.css';
import type { ReactNode } from 'react';
import { Card, Descriptions, Empty, Grid, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CatalogueView, FormSection, StoredSections } from '@gradus/contract/doctor/form';
import { intendedNames } from '../catalogue-names';

interface Props {
  sections: StoredSections;
  catalogue: CatalogueView | undefined;
  /** Sections marked as reopened by the reviewer. */
  reopened?: readonly FormSection[];
}

export type SummaryItem = { key: string; label: string; children: ReactNode };
type Item = SummaryItem;

/** The pieces every area's read-only form is built of: a value or a dash, a block of fields, a list of rows. */
export function useSummaryParts() {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const show = (v: string | number | undefined | null) => (v === undefined || v === null || v === '' ? '—' : String(v));
  const describe = (items: Item[], title?: string, key?: string) => (
    <Descriptions key={key} title={title} size="small" bordered column={screens.sm ? 2 : 1} layout={screens.sm ? 'horizontal' : 'vertical'} items={items} className="application-form__descriptions" />
  );
  const rows = <T,>(list: T[] | undefined, title: (i: number) => string, items: (row: T) => Item[]) =>
    list && list.length > 0 ? list.map((row, i) => describe(items(row), title(i), String(i))) : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('form.rows.none')} />;
  return { show, describe, rows };
}

type Contact = Partial<Record<'mobile' | 'email' | 'mailingAddress' | 'postcode' | 'emergencyName' | 'emergencyRelation' | 'emergencyPhone', string>>;

/** The contact section (the same in every area's form) as summary items. */
export function useContactItems() {
  const { t } = useTranslation();
  const { show } = useSummaryParts();
  return (c: Contact | undefined): Item[] =>
    (['mobile', 'email', 'mailingAddress', 'postcode', 'emergencyName', 'emergencyRelation', 'emergencyPhone'] as const).map((key) => ({ key, label: t(`form.field.${key}`), children: show(c?.[key]) }));
}

type Research = Partial<Record<'kind' | 'title' | 'detail', string>>;

/** The research rows (the same in every area's form) as summary blocks. */
export function useResearchRows() {
  const { t } = useTranslation();
  const { show, rows } = useSummaryParts();
  return (list: Research[] | undefined) =>
    rows(list, (i) => t('form.rows.research', { row: i + 1 }), (r) => [
      { key: 'kind', label: t('form.field.kind'), children: r.kind ? t(`form.researchKind.${r.kind}`) : '—' },
      { key: 'title', label: t('form.field.title'), children: show(r.title) },
      { key: 'detail', label: t('form.field.detail'), children: show(r.detail) },
    ]);
}

/** One section of a read-only form, marked when the reviewer reopened it (every area's summary). */
export function SummaryCard({ section, title, reopened, children }: { section: string; title: string; reopened: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Card id={`form-section-${section}`} title={title} className="application-form__card" extra={reopened ? <Tag color="orange">{t('form.returned.reopenedTag')}</Tag> : null}>
      {children}
    </Card>
  );
}

/** The form read-only, section by section: after submission, and in the registration-info query. */
export function FormSummary({ sections, catalogue, reopened = [] }: Props) {
  const { t, i18n } = useTranslation();
  const { show, describe, rows } = useSummaryParts();
  const contactItems = useContactItems();
  const researchRows = useResearchRows();
  const card = (section: FormSection, body: ReactNode) => (
    <SummaryCard key={section} section={section} title={t(`form.section.${section}`)} reopened={reopened.includes(section)}>
      {body}
    </SummaryCard>
  );
  const names = intendedNames(catalogue, sections.intended, i18n.language);
  const period = (from?: string, to?: string) => `${show(from)} – ${to || t('form.untilNow')}`;
  return (
    <>
      {card('contact', describe(contactItems(sections.contact)))}
      {card(
        'education',
        rows(sections.education, (i) => t('form.rows.education', { row: i + 1 }), (r) => [
          { key: 'period', label: t('form.summary.period'), children: period(r.fromMonth, r.toMonth) },
          { key: 'school', label: t('form.field.school'), children: show(r.school) },
          { key: 'major', label: t('form.field.major'), children: show(r.major) },
          { key: 'degree', label: t('form.field.degree'), children: r.degree ? t(`form.degree.${r.degree}`) : '—' },
          { key: 'cert', label: t('form.field.degreeCertificateNo'), children: show(r.degreeCertificateNo) },
        ]),
      )}
      {card(
        'work',
        rows(sections.work, (i) => t('form.rows.work', { row: i + 1 }), (r) => [
          { key: 'period', label: t('form.summary.period'), children: period(r.fromMonth, r.toMonth) },
          { key: 'employer', label: t('form.field.employer'), children: show(r.employer) },
          { key: 'position', label: t('form.field.position'), children: show(r.position) },
        ]),
      )}
      {card(
        'research',
        researchRows(sections.research),
      )}
      {card(
        'languages',
        rows(sections.languages, (i) => t('form.rows.language', { row: i + 1 }), (r) => [
          { key: 'language', label: t('form.field.language'), children: r.language ? t(`form.language.${r.language}`) : '—' },
          { key: 'certificateType', label: t('form.field.certificateType'), children: show(r.certificateType) },
          { key: 'score', label: t('form.field.score'), children: show(r.score) },
          { key: 'obtainedMonth', label: t('form.field.obtainedMonth'), children: show(r.obtainedMonth) },
        ]),
      )}
      {card(
        'intended',
        describe([
          { key: 'department', label: t('form.field.departmentId'), children: show(names.department) },
          { key: 'programme', label: t('form.field.programmeId'), children: show(names.programme) },
          { key: 'direction', label: t('form.field.directionId'), children: show(names.direction) },
          { key: 'supervisor', label: t('form.field.supervisorId'), children: show(names.supervisor) },
        ]),
      )}
      {card('plan', <p className="application-form__plan">{show(sections.plan?.summary)}</p>)}
    </>
  );
}
