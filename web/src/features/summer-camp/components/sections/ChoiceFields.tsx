import { Alert, Form, Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { CAMP_FORM_LIMITS, campChoiceSchema, campCompleteSectionSchemas, type CampCatalogueCamp, type CampCatalogueView } from '@gradus/contract/summer-camp/form';
import { findProgramme, useCampLine } from '@/lib/camp/catalogue';
import { localName } from '@/lib/catalogue-names';
import { Field } from '@/lib/form/Field';
import { RowList } from '@/lib/form/RowList';
import { crossFieldRule } from '@/lib/form/rules';

const s = campChoiceSchema('complete').shape;
const { min, max } = CAMP_FORM_LIMITS.rows.choices;
type Id = number | undefined;

type CampState = 'open' | 'upcoming' | 'closed';
const STATE_COLOUR: Record<CampState, string> = { open: 'green', upcoming: 'blue', closed: 'default' };
/** Whether a camp takes applications now, will, or no longer does (the server's `open`, and its window for the rest). */
const campState = (camp: CampCatalogueCamp): CampState => (camp.open ? 'open' : Date.now() < Date.parse(camp.applyOpensAt) ? 'upcoming' : 'closed');

function ChoiceRow({ row, catalogue, loading }: { row: number; catalogue: CampCatalogueView | undefined; loading: boolean }) {
  const { t, i18n } = useTranslation();
  const form = Form.useFormInstance();
  const campLine = useCampLine();
  const programmeId = Form.useWatch(['choices', row, 'programmeId'], form) as Id;
  const directionId = Form.useWatch(['choices', row, 'directionId'], form) as Id;
  const found = findProgramme(catalogue, programmeId);
  const directions = found?.programme.directions ?? [];
  const supervisors = directions.find((d) => d.id === directionId)?.supervisors ?? [];
  const name = (x: { nameZh: string; nameEn: string }) => localName(i18n.language, x.nameZh, x.nameEn);
  // Closed camps stay in the list, greyed, so the camper sees why a camp cannot be chosen; a camp
  // not open yet may be chosen already (the form is submitted once all its camps are open).
  const options = (catalogue?.camps ?? []).map((camp) => ({
    label: campState(camp) === 'closed' ? `${campLine(camp)} ${t('camp.choice.closedMark')}` : campLine(camp),
    title: campLine(camp),
    options: camp.programmes.map((p) => ({ value: p.id, label: `${name(p)} · ${name(p.department)}`, disabled: campState(camp) === 'closed' })),
  }));
  const common = { showSearch: true, allowClear: true, optionFilterProp: 'label', loading } as const;
  const others = Array.from({ length: max }, (_, i) => i).filter((i) => i !== row);
  return (
    <>
      <Field
        name={[row, 'programmeId']}
        label={t('camp.field.programme')}
        schema={s.programmeId}
        required
        wide
        dependencies={others.map((i) => ['choices', i, 'programmeId'])}
        extraRules={[crossFieldRule(form, campCompleteSectionSchemas.choices, ['choices'], [row, 'programmeId'], () => t('camp.field.programme'))]}
      >
        <Select {...common} options={options} placeholder={t('camp.choice.pickProgramme')} />
      </Field>
      {found && (
        <div className="summer-camp__camp-line">
          <Tag color={STATE_COLOUR[campState(found.camp)]}>{t(`camp.choice.${campState(found.camp)}`)}</Tag>
          {campLine(found.camp)}
        </div>
      )}
      {found && campState(found.camp) === 'closed' && <Alert type="warning" showIcon title={t('camp.choice.closedChosen')} className="application-form__notice" />}
      <Field name={[row, 'directionId']} label={t('camp.field.direction')} schema={s.directionId}>
        <Select {...common} disabled={!programmeId} placeholder={programmeId ? t('camp.choice.optional') : t('form.chooseProgrammeFirst')} options={directions.map((d) => ({ value: d.id, label: name(d) }))} />
      </Field>
      <Field name={[row, 'supervisorId']} label={t('camp.field.supervisor')} schema={s.supervisorId}>
        <Select
          {...common}
          disabled={!directionId}
          placeholder={directionId ? t('camp.choice.optional') : t('form.chooseDirectionFirst')}
          options={supervisors.map((p) => ({ value: p.id, label: `${p.name} (${localName(i18n.language, p.titleZh, p.titleEn)})` }))}
        />
      </Field>
    </>
  );
}

/** Up to two choices, each a programme of an open camp, with an optional direction and supervisor. */
export function ChoiceFields({ catalogue, failed }: { catalogue: CampCatalogueView | undefined; failed: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {failed && <Alert type="warning" showIcon title={t('form.catalogueFailed')} className="application-form__notice" />}
      {catalogue && catalogue.camps.length === 0 && <Alert type="info" showIcon title={t('camp.choice.noCamps')} className="application-form__notice" />}
      <p className="summer-camp__hint">{t('camp.hint.choices', { max })}</p>
      <RowList name="choices" min={min} max={max} addLabel={t('camp.rows.addChoice')} rowTitle={(i) => t('camp.rows.choice', { row: i + 1 })}>
        {(row) => <ChoiceRow row={row} catalogue={catalogue} loading={!catalogue && !failed} />}
      </RowList>
    </>
  );
}
