import { Alert, Form, Radio, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { TMS_DEGREE_TYPES, tmsChoiceSchema, YES_NO, type TmsCatalogueView, type TmsDegreeType } from '@gradus/contract/tuimian/form';
import { localName } from '@/lib/catalogue-names';
import { Field } from '@/lib/form/Field';
import { crossFieldRule } from '@/lib/form/rules';
import { findTmsProgramme, programmesOfDegree } from '@/lib/tuimian/catalogue';

const section = tmsChoiceSchema('complete');
const s = section.shape;
const at = (f: string) => ['choice', f];
type Id = number | undefined;

/**
 * The one programme applied for: the degree type first (academic or professional master's, direct
 * doctorate), which narrows the programmes to those of its degree, grouped by school; then the
 * direction (required) and the supervisor (required for a direct doctorate only, and said so); and
 * whether the applicant accepts a transfer to another programme.
 */
export function ChoiceFields({ catalogue, failed }: { catalogue: TmsCatalogueView | undefined; failed: boolean }) {
  const { t, i18n } = useTranslation();
  const form = Form.useFormInstance();
  const degreeType = Form.useWatch(at('degreeType'), form) as TmsDegreeType | undefined;
  const programmeId = Form.useWatch(at('programmeId'), form) as Id;
  const directionId = Form.useWatch(at('directionId'), form) as Id;
  const name = (x: { nameZh: string; nameEn: string }) => localName(i18n.language, x.nameZh, x.nameEn);
  const groups = programmesOfDegree(catalogue, degreeType);
  const directions = findTmsProgramme(catalogue, programmeId)?.programme.directions ?? [];
  const supervisors = directions.find((d) => d.id === directionId)?.supervisors ?? [];
  const direct = degreeType === 'directDoctoral';
  const supervisorLabel = t('tmsForm.field.supervisorId');
  const common = { showSearch: true, allowClear: true, optionFilterProp: 'label', loading: !catalogue && !failed } as const;
  return (
    <>
      {failed && <Alert type="warning" showIcon title={t('form.catalogueFailed')} className="application-form__notice" />}
      {catalogue && degreeType && groups.length === 0 && <Alert type="info" showIcon title={t('tms.choice.noProgrammes')} className="application-form__notice" />}
      <Row gutter={16}>
        <Field name={at('degreeType')} label={t('tmsForm.field.degreeType')} schema={s.degreeType} required wide extra={t('tms.hint.degreeType')}>
          <Radio.Group aria-label={t('tmsForm.field.degreeType')} options={TMS_DEGREE_TYPES.map((v) => ({ value: v, label: t(`tms.degreeType.${v}`) }))} />
        </Field>
        <Field name={at('programmeId')} label={t('tmsForm.field.programmeId')} schema={s.programmeId} required wide>
          <Select
            {...common}
            disabled={!degreeType}
            placeholder={degreeType ? t('tms.choice.pickProgramme') : t('tms.choice.degreeTypeFirst')}
            options={groups.map((g) => ({ label: name(g.department), title: name(g.department), options: g.programmes.map((p) => ({ value: p.id, label: `${name(p)} ${p.code}` })) }))}
          />
        </Field>
        <Field name={at('directionId')} label={t('tmsForm.field.directionId')} schema={s.directionId} required>
          <Select {...common} disabled={!programmeId} placeholder={programmeId ? undefined : t('form.chooseProgrammeFirst')} options={directions.map((d) => ({ value: d.id, label: name(d) }))} />
        </Field>
        <Field
          name={at('supervisorId')}
          label={supervisorLabel}
          schema={s.supervisorId}
          required={direct}
          extra={direct ? t('tms.hint.supervisorDirect') : t('tms.hint.supervisorOptional')}
          dependencies={[at('degreeType')]}
          extraRules={[crossFieldRule(form, section, ['choice'], ['supervisorId'], () => supervisorLabel)]}
        >
          <Select
            {...common}
            disabled={!directionId}
            placeholder={directionId ? (direct ? undefined : t('tms.choice.optional')) : t('form.chooseDirectionFirst')}
            options={supervisors.map((p) => ({ value: p.id, label: `${p.name} (${localName(i18n.language, p.titleZh, p.titleEn)})` }))}
          />
        </Field>
        <Field name={at('willingToTransfer')} label={t('tmsForm.field.willingToTransfer')} schema={s.willingToTransfer} required wide extra={t('tms.hint.transfer')}>
          <Radio.Group aria-label={t('tmsForm.field.willingToTransfer')} options={YES_NO.map((v) => ({ value: v, label: t(`tms.yesNo.${v}`) }))} />
        </Field>
      </Row>
    </>
  );
}
