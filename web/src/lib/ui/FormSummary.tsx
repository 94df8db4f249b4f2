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

type Item = { key: string; label: string; children: ReactNode };

/** The form read-only, section by section: after submission, and in the registration-info query. */
export function FormSummary({ sections, catalogue, reopened = [] }: Props) {
  const { t, i18n } = useTranslation();
  const screens = Grid.useBreakpoint();
  const show = (v: string | undefined | null) => v || '—';
  const describe = (items: Item[], title?: string, key?: string) => (
    <Descriptions key={key} title={title} size="small" bordered column={screens.sm ? 2 : 1} layout={screens.sm ? 'horizontal' : 'vertical'} items={items} className="application-form__descriptions" />
  );
  const card = (section: FormSection, body: ReactNode) => (
    <Card
      key={section}
      id={`form-section-${section}`}
      title={t(`form.section.${section}`)}
      className="application-form__card"
      extra={reopened.includes(section) ? <Tag color="orange">{t('form.returned.reopenedTag')}</Tag> : null}
    >
      {body}
    </Card>
  );
  const rows = <T,>(list: T[] | undefined, title: (i: number) => string, items: (row: T) => Item[]) =>
    list && list.length > 0 ? list.map((row, i) => describe(items(row), title(i), String(i))) : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('form.rows.none')} />;
  const c = sections.contact;
  const names = intendedNames(catalogue, sections.intended, i18n.language);
  const period = (from?: string, to?: string) => `${show(from)} – ${to || t('form.untilNow')}`;
  return (
    <>
      {card(
        'contact',
        describe([
          { key: 'mobile', label: t('form.field.mobile'), children: show(c?.mobile) },
          { key: 'email', label: t('form.field.email'), children: show(c?.email) },
          { key: 'mailingAddress', label: t('form.field.mailingAddress'), children: show(c?.mailingAddress) },
          { key: 'postcode', label: t('form.field.postcode'), children: show(c?.postcode) },
          { key: 'emergencyName', label: t('form.field.emergencyName'), children: show(c?.emergencyName) },
          { key: 'emergencyRelation', label: t('form.field.emergencyRelation'), children: show(c?.emergencyRelation) },
          { key: 'emergencyPhone', label: t('form.field.emergencyPhone'), children: show(c?.emergencyPhone) },
        ]),
      )}
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
        rows(sections.research, (i) => t('form.rows.research', { row: i + 1 }), (r) => [
          { key: 'kind', label: t('form.field.kind'), children: r.kind ? t(`form.researchKind.${r.kind}`) : '—' },
          { key: 'title', label: t('form.field.title'), children: show(r.title) },
          { key: 'detail', label: t('form.field.detail'), children: show(r.detail) },
        ]),
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
