import { Alert, Form, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { completeSectionSchemas, type CatalogueView } from '@gradus/contract/doctor/form';
import { Field } from '@/lib/form/Field';
import { localName } from '@/lib/catalogue-names';

const s = completeSectionSchemas.intended.shape;
type Id = number | undefined;

/**
 * Department -> doctoral programme -> research direction -> supervisor, each list narrowed by the
 * choice above it (the editor clears the lower choices when a higher one changes).
 */
export function IntendedFields({ catalogue, failed }: { catalogue: CatalogueView | undefined; failed: boolean }) {
  const { t, i18n } = useTranslation();
  const departmentId = Form.useWatch(['intended', 'departmentId']) as Id;
  const programmeId = Form.useWatch(['intended', 'programmeId']) as Id;
  const directionId = Form.useWatch(['intended', 'directionId']) as Id;
  const departments = catalogue?.departments ?? [];
  const programmes = departments.find((d) => d.id === departmentId)?.programmes ?? [];
  const directions = programmes.find((p) => p.id === programmeId)?.directions ?? [];
  const supervisors = directions.find((d) => d.id === directionId)?.supervisors ?? [];
  const name = (x: { nameZh: string; nameEn: string }) => localName(i18n.language, x.nameZh, x.nameEn);
  const common = { showSearch: true, allowClear: true, optionFilterProp: 'label', loading: !catalogue && !failed } as const;
  return (
    <>
      {failed && <Alert type="warning" showIcon title={t('form.catalogueFailed')} className="application-form__notice" />}
      <Row gutter={16}>
        <Field name={['intended', 'departmentId']} label={t('form.field.departmentId')} schema={s.departmentId} required wide>
          <Select {...common} options={departments.map((d) => ({ value: d.id, label: name(d) }))} />
        </Field>
        <Field name={['intended', 'programmeId']} label={t('form.field.programmeId')} schema={s.programmeId} required wide>
          <Select {...common} disabled={!departmentId} placeholder={departmentId ? undefined : t('form.chooseDepartmentFirst')} options={programmes.map((p) => ({ value: p.id, label: `${name(p)} ${p.code}` }))} />
        </Field>
        <Field name={['intended', 'directionId']} label={t('form.field.directionId')} schema={s.directionId} required wide>
          <Select {...common} disabled={!programmeId} placeholder={programmeId ? undefined : t('form.chooseProgrammeFirst')} options={directions.map((d) => ({ value: d.id, label: name(d) }))} />
        </Field>
        <Field name={['intended', 'supervisorId']} label={t('form.field.supervisorId')} schema={s.supervisorId} required wide>
          <Select
            {...common}
            disabled={!directionId}
            placeholder={directionId ? undefined : t('form.chooseDirectionFirst')}
            options={supervisors.map((p) => ({ value: p.id, label: `${p.name} (${localName(i18n.language, p.titleZh, p.titleEn)})` }))}
          />
        </Field>
      </Row>
    </>
  );
}
