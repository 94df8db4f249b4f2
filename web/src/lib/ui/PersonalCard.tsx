import './form-summary.css';
import { Card, Descriptions, Grid } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FormPersonalView } from '@gradus/contract/doctor/form';

/** Personal details from registration: shown, never edited here (the ID number arrives masked). */
export function PersonalCard({ personal }: { personal: FormPersonalView }) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const items = [
    { key: 'name', label: t('form.field.name'), children: personal.name },
    { key: 'registerNo', label: t('form.field.registerNo'), children: personal.registerNo },
    { key: 'sex', label: t('form.field.sex'), children: personal.sex ? t(`form.sex.${personal.sex}`) : '—' },
    { key: 'idType', label: t('form.field.idType'), children: personal.idType ? t(`form.idType.${personal.idType}`) : '—' },
    { key: 'idNumber', label: t('form.field.idNumber'), children: personal.idNumber ?? '—' },
    { key: 'recruitYear', label: t('form.field.recruitYear'), children: personal.recruitYear },
  ];
  return (
    <Card id="form-section-personal" title={t('form.section.personal')} className="application-form__card">
      <p className="application-form__muted">{t('form.personal.locked')}</p>
      <Descriptions size="small" bordered column={screens.sm ? 2 : 1} layout={screens.sm ? 'horizontal' : 'vertical'} items={items} />
    </Card>
  );
}
