import { useState } from 'react';
import { Alert, Button, Form, Input, InputNumber, Modal, Radio, Select, Switch } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { CAMP_LIMITS, saveCampRequest, type CampMode, type CampOptionsView, type CampView } from '@gradus/contract/api/staff-camps';
import { feedback } from '@/lib/feedback';
import { validationMessage } from '@/lib/form-rules';
import { useLocalName } from '@/lib/local-name';
import { useDialogSubmit } from '@/lib/ui/useDialogSubmit';
import { fromUniversityLocal, universityLocal } from '@/lib/university-time';
import { useSaveCamp } from '../api/camps';

const SEVERAL = 'several';
interface ProgrammeRow {
  programmeId?: number;
  capacity?: number | null;
}
interface Fields {
  nameZh?: string;
  nameEn?: string;
  departmentId?: number | typeof SEVERAL;
  startsOn?: string;
  endsOn?: string;
  mode: CampMode;
  placeZh?: string;
  placeEn?: string;
  applyOpensAt?: string;
  applyClosesAt?: string;
  confirmClosesAt?: string;
  waitlistConfirmHours?: number | null;
  ratesCampers: boolean;
  declineUndoable: boolean;
  programmes: ProgrammeRow[];
}
type FieldName = string | (string | number)[];

const local = (value: string | undefined) => (value ? fromUniversityLocal(value) : undefined);
const blank = (value: string | undefined) => (value === '' ? undefined : value);

function initialFields(camp: CampView | null): Fields {
  if (!camp) return { mode: 'onsite', waitlistConfirmHours: 48, ratesCampers: true, declineUndoable: false, programmes: [{ capacity: 20 }] };
  return {
    nameZh: camp.nameZh,
    nameEn: camp.nameEn,
    departmentId: camp.department?.id ?? SEVERAL,
    startsOn: camp.startsOn,
    endsOn: camp.endsOn,
    mode: camp.mode,
    placeZh: camp.placeZh ?? '',
    placeEn: camp.placeEn ?? '',
    applyOpensAt: universityLocal(camp.applyOpensAt),
    applyClosesAt: universityLocal(camp.applyClosesAt),
    confirmClosesAt: universityLocal(camp.confirmClosesAt),
    waitlistConfirmHours: camp.waitlistConfirmHours,
    ratesCampers: camp.ratesCampers,
    declineUndoable: camp.declineUndoable,
    programmes: camp.programmes.map((p) => ({ programmeId: p.programmeId, capacity: p.capacity })),
  };
}

/**
 * A camp set up or changed, every field of the save call: its names, school, days, where it runs,
 * the application window and confirmation deadline (typed as Beijing time whatever the computer's
 * zone) and the places of each programme. The contract's own schema checks it before anything is
 * sent, its messages beside their fields; the server's refusal (a change made meanwhile) shows here.
 */
export function CampDialog({ recruitYear, camp, options, onClose }: { recruitYear: string; camp: CampView | null; options: CampOptionsView; onClose: () => void }) {
  const { t } = useTranslation();
  const name = useLocalName();
  const [form] = Form.useForm<Fields>();
  const save = useSaveCamp();
  const [listError, setListError] = useState<string | null>(null);
  const [initial] = useState(() => initialFields(camp));
  // The school narrows the programmes offered; the mode says whether a place is needed.
  const [school, setSchool] = useState(initial.departmentId);
  const [mode, setMode] = useState(initial.mode);
  const programmes = options.programmes.filter((p) => typeof school !== 'number' || p.departmentId === school);

  const label = (field: FieldName): string => {
    if (Array.isArray(field) && field[0] === 'programmes') {
      const n = Number(field[1]) + 1;
      return field[2] === 'capacity' ? t('camps.capacityOf', { n }) : t('camps.programmeOf', { n });
    }
    return t(`camps.${String(Array.isArray(field) ? field[0] : field)}`);
  };
  const message = (field: FieldName, key: string): string => {
    const last = Array.isArray(field) ? field.at(-1) : field;
    const range = ['tooShort', 'tooLong', 'invalidType'].includes(key);
    if (last === 'capacity' && range) return t('camps.capacityRange', { field: label(field), max: CAMP_LIMITS.capacityMax });
    if (last === 'waitlistConfirmHours' && range) return t('camps.hoursRange', { field: label(field), min: CAMP_LIMITS.confirmHoursMin, max: CAMP_LIMITS.confirmHoursMax });
    return validationMessage(key, label(field));
  };

  const { submit, error } = useDialogSubmit(form, async (fields) => {
    // As typed, unchecked: the contract's schema says what is wrong with it, field by field.
    const candidate = {
      ...(camp ? { id: camp.id, version: camp.version } : {}),
      recruitYear,
      nameZh: fields.nameZh ?? '',
      nameEn: fields.nameEn ?? '',
      departmentId: fields.departmentId === SEVERAL ? null : fields.departmentId,
      startsOn: blank(fields.startsOn),
      endsOn: blank(fields.endsOn),
      mode: fields.mode,
      placeZh: fields.placeZh?.trim() || null,
      placeEn: fields.placeEn?.trim() || null,
      applyOpensAt: local(fields.applyOpensAt),
      applyClosesAt: local(fields.applyClosesAt),
      confirmClosesAt: local(fields.confirmClosesAt),
      waitlistConfirmHours: fields.waitlistConfirmHours,
      ratesCampers: fields.ratesCampers,
      declineUndoable: fields.declineUndoable,
      programmes: (fields.programmes ?? []).map((p) => ({ programmeId: p.programmeId, capacity: p.capacity })),
    };
    const checked = saveCampRequest.safeParse(candidate);
    // The last check's messages go: a field fixed by changing another one (the first day) is fine now.
    const errors: { name: FieldName; errors: string[] }[] = form.getFieldsError().map(({ name: field }) => ({ name: field, errors: [] }));
    setListError(null);
    if (!checked.success) {
      const seen = new Set<string>();
      for (const issue of checked.error.issues) {
        const path = issue.path.map((p) => (typeof p === 'number' ? p : String(p)));
        const key = path.join('.');
        if (seen.has(key)) continue;
        seen.add(key);
        if (key === 'programmes') setListError(message('programmes', issue.message));
        else {
          const field: FieldName = path.length === 1 ? String(path[0]) : path;
          errors.push({ name: field, errors: [message(field, issue.message)] });
        }
      }
      form.setFields(errors as Parameters<typeof form.setFields>[0]);
      return;
    }
    form.setFields(errors as Parameters<typeof form.setFields>[0]);
    // What the schema made of it (names trimmed, an empty place null) is what is sent.
    await save.mutateAsync(checked.data);
    feedback.message.success(t('camps.saved', { name: name({ nameZh: checked.data.nameZh, nameEn: checked.data.nameEn }) }));
    onClose();
  });

  // A school chosen keeps only its own programmes in the rows.
  const chooseSchool = (value: number | typeof SEVERAL) => {
    if (typeof value !== 'number') return;
    const own = new Set(options.programmes.filter((p) => p.departmentId === value).map((p) => p.id));
    const rows = form.getFieldValue('programmes') as ProgrammeRow[];
    form.setFieldValue('programmes', rows.map((r) => (r.programmeId && !own.has(r.programmeId) ? { ...r, programmeId: undefined } : r)));
  };

  return (
    <Modal
      open
      title={camp ? t('camps.editTitle', { name: name(camp) }) : t('camps.newTitle', { year: recruitYear })}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('camps.save')}
      cancelText={t('camps.cancel')}
      confirmLoading={save.isPending}
      width={720}
      destroyOnHidden
    >
      <Form<Fields>
        form={form}
        layout="vertical"
        initialValues={initial}
        onValuesChange={(changed: Partial<Fields>) => {
          if ('departmentId' in changed) setSchool(changed.departmentId);
          if (changed.mode) setMode(changed.mode);
          // A field changed loses the last check's message (the next Save checks it again).
          const touched = Object.keys(changed);
          const rows = touched.includes('programmes') ? form.getFieldsError().filter((f) => f.name[0] === 'programmes') : [];
          if (rows.length) setListError(null);
          form.setFields([...touched.filter((f) => f !== 'programmes').map((f) => ({ name: f, errors: [] })), ...rows.map((f) => ({ name: f.name, errors: [] }))] as Parameters<typeof form.setFields>[0]);
        }}
      >
        <div className="camp-dialog__row">
          <Form.Item name="nameZh" label={label('nameZh')}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="nameEn" label={label('nameEn')}>
            <Input maxLength={150} />
          </Form.Item>
        </div>
        <Form.Item name="departmentId" label={label('departmentId')}>
          <Select
            onChange={chooseSchool}
            showSearch
            optionFilterProp="label"
            options={[{ value: SEVERAL, label: t('camps.severalSchools') }, ...options.departments.map((d) => ({ value: d.id, label: name(d) }))]}
          />
        </Form.Item>
        <div className="camp-dialog__row">
          <Form.Item name="startsOn" label={label('startsOn')}>
            <Input type="date" />
          </Form.Item>
          <Form.Item name="endsOn" label={label('endsOn')}>
            <Input type="date" />
          </Form.Item>
        </div>
        <Form.Item name="mode" label={label('mode')}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 'onsite', label: t('camps.mode.onsite') },
              { value: 'online', label: t('camps.mode.online') },
            ]}
          />
        </Form.Item>
        <div className="camp-dialog__row">
          <Form.Item name="placeZh" label={label('placeZh')} required={mode === 'onsite'}>
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item name="placeEn" label={label('placeEn')} required={mode === 'onsite'}>
            <Input maxLength={200} />
          </Form.Item>
        </div>
        <p className="camp-dialog__help">{t('camps.beijingTimes')}</p>
        <div className="camp-dialog__row">
          <Form.Item name="applyOpensAt" label={label('applyOpensAt')}>
            <Input type="datetime-local" />
          </Form.Item>
          <Form.Item name="applyClosesAt" label={label('applyClosesAt')}>
            <Input type="datetime-local" />
          </Form.Item>
          <Form.Item name="confirmClosesAt" label={label('confirmClosesAt')}>
            <Input type="datetime-local" />
          </Form.Item>
        </div>
        <Form.Item name="waitlistConfirmHours" label={label('waitlistConfirmHours')}>
          <InputNumber precision={0} />
        </Form.Item>
        <Form.Item name="ratesCampers" label={label('ratesCampers')}>
          <Radio.Group
            options={[
              { value: true, label: t('camps.rates') },
              { value: false, label: t('camps.activityOnly') },
            ]}
          />
        </Form.Item>
        <Form.Item name="declineUndoable" label={label('declineUndoable')} valuePropName="checked">
          <Switch checkedChildren={t('camps.yes')} unCheckedChildren={t('camps.no')} />
        </Form.Item>
        <fieldset className="camp-dialog__programmes">
          <legend>{label('programmes')}</legend>
          <p className="camp-dialog__help">{t('camps.programmesHelp')}</p>
          <Form.List name="programmes">
            {(rows, { add, remove }) => (
              <>
                {rows.map((row, index) => (
                  <div key={row.key} className="camp-dialog__programme">
                    <Form.Item name={[row.name, 'programmeId']} label={label(['programmes', index, 'programmeId'])} className="camp-dialog__select">
                      <Select showSearch optionFilterProp="label" options={programmes.map((p) => ({ value: p.id, label: `${p.code} ${name(p)}` }))} />
                    </Form.Item>
                    <Form.Item name={[row.name, 'capacity']} label={label(['programmes', index, 'capacity'])}>
                      <InputNumber precision={0} />
                    </Form.Item>
                    <Button
                      className="camp-dialog__remove"
                      icon={<DeleteOutlined aria-hidden />}
                      onClick={() => remove(row.name)}
                      disabled={rows.length === 1}
                      aria-label={t('camps.removeProgramme', { n: index + 1 })}
                    />
                  </div>
                ))}
                {listError && <div className="ant-form-item-explain-error" role="alert">{listError}</div>}
                <div>
                  <Button icon={<PlusOutlined aria-hidden />} onClick={() => add({ capacity: 20 })} disabled={rows.length >= CAMP_LIMITS.programmesMax}>
                    {t('camps.addProgramme')}
                  </Button>
                </div>
              </>
            )}
          </Form.List>
        </fieldset>
      </Form>
      {error && <Alert className="camp-dialog__error" type="error" showIcon title={error} />}
    </Modal>
  );
}
