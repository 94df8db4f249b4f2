import { Button, Form, Radio, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { universityOf } from '@gradus/contract/summer-camp/universities';
import { RECOMMENDATION_STATUSES, recommendationSchema, type TmsCatalogueView } from '@gradus/contract/tuimian/form';
import { Field } from '@/lib/form/Field';
import { problemText } from '@/lib/form/rules';
import { matchUniversity, useUniversityName, useUniversityOptions } from '@/lib/school/universities';
import { useCampResultLine } from '@/lib/tuimian/catalogue';

const s = recommendationSchema('complete').shape;
const at = (f: string) => ['recommendation', f];
const PROGRAMME = ['choice', 'programmeId'];

interface UniversityProps {
  id?: string;
  value?: string | null;
  onChange?: (code: string | undefined) => void;
  /** The field is checked when the applicant leaves it (Field's validateTrigger). */
  onBlur?: () => void;
  disabled?: boolean;
  'aria-invalid'?: boolean;
}

/**
 * The listed universities, searchable by name or code; below them, while another one (or none) is
 * chosen, the undergraduate school as a one-click suggestion when it is a listed one. The suggestion
 * goes through the field's own onChange, so the form (and autosave) hears of it as of any pick.
 */
function UniversityPicker({ id, value, onChange, onBlur, disabled, ...rest }: UniversityProps) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const universities = useUniversityOptions();
  const universityName = useUniversityName();
  const schoolKind = Form.useWatch(['undergraduate', 'schoolKind'], form) as string | undefined;
  const schoolCode = Form.useWatch(['undergraduate', 'schoolCode'], form) as string | undefined;
  const suggested = schoolKind === 'listed' && universityOf(schoolCode) ? schoolCode : undefined;
  return (
    <>
      <Select
        id={id}
        aria-invalid={rest['aria-invalid']}
        value={value ?? undefined}
        onChange={onChange}
        onBlur={onBlur}
        options={universities}
        showSearch
        allowClear
        disabled={disabled}
        filterOption={matchUniversity}
        placeholder={t('tms.recommendation.placeholder')}
        notFoundContent={t('tms.recommendation.noUniversity')}
      />
      {suggested && value !== suggested && (
        <Button type="link" size="small" className="tuimian__suggestion" disabled={disabled} onClick={() => onChange?.(suggested)}>
          {t('tms.recommendation.useSchool', { school: universityName(suggested) })}
        </Button>
      )}
    </>
  );
}

/**
 * The recommendation: granted or still pending, the university that recommends (only a listed one
 * holds the right), and, when the applicant has released camp results here, one to link: it counts
 * only for the camp's own programme, so the page says so and checks it against the programme chosen.
 */
export function RecommendationFields({ catalogue }: { catalogue: TmsCatalogueView | undefined }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const campResultLine = useCampResultLine();
  const linked = Form.useWatch(at('campPlaceId'), form) as number | undefined | null;
  const results = catalogue?.campResults ?? [];
  const campLabel = t('tmsForm.field.campPlaceId');
  const sameProgramme = {
    validator: async (_rule: unknown, placeId: unknown) => {
      const result = results.find((r) => r.placeId === placeId);
      const programmeId = form.getFieldValue(PROGRAMME) as number | undefined | null;
      if (result && typeof programmeId === 'number' && result.programmeId !== programmeId) throw new Error(problemText('tms.campResultOtherProgramme', campLabel));
    },
  };
  return (
    <Row gutter={16}>
      <Field name={at('status')} label={t('tmsForm.field.status')} schema={s.status} required wide extra={t('tms.hint.status')}>
        <Radio.Group aria-label={t('tmsForm.field.status')} options={RECOMMENDATION_STATUSES.map((v) => ({ value: v, label: t(`tms.status.${v}`) }))} />
      </Field>
      <Field name={at('universityCode')} label={t('tmsForm.field.universityCode')} schema={s.universityCode} required wide extra={t('tms.hint.university')}>
        <UniversityPicker />
      </Field>
      {(results.length > 0 || typeof linked === 'number') && (
        <Field name={at('campPlaceId')} label={campLabel} schema={s.campPlaceId} wide extra={t('tms.hint.campResult')} dependencies={[PROGRAMME]} extraRules={[sameProgramme]}>
          <Select allowClear placeholder={t('tms.recommendation.noCampResult')} options={results.map((r) => ({ value: r.placeId, label: campResultLine(r) }))} />
        </Field>
      )}
    </Row>
  );
}
