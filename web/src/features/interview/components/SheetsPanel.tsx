import { useState } from 'react';
import { Alert, Button, Form, Input, Radio, Select, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { InterviewKind } from '@gradus/contract/api/staff-interview';
import type { ReviewSettingsView } from '@gradus/contract/api/staff-scoring';
import { COMBINE_METHODS, decimalOf, sheetMaximum, type CombineMethod, type SheetItem } from '@gradus/contract/scoring';
import { feedback } from '@/lib/feedback';
import { ReplyError } from '@/lib/request';
import { useProgrammes, useSaveStageSettings, useSaveStageSheet, useStageSettings, useStageSheet } from '../api/interview';
import { useLocalName } from '@/lib/local-name';
import { useViewer } from '@/lib/viewer';

const DECIMAL = /^\d{1,4}(\.\d{1,2})?$/;

/**
 * What an interview stage scores on: how the panel's totals combine, and each programme's sheet
 * for the stage (items with a maximum, a weight, an optional minimum). A sheet is fixed once a
 * panel has scored with it.
 */
export function SheetsPanel() {
  const { t } = useTranslation();
  const viewer = useViewer();
  const localName = useLocalName();
  const [kind, setKind] = useState<InterviewKind>('assessment');
  const [programmeId, setProgrammeId] = useState<number | undefined>();
  const programmes = useProgrammes(viewer);
  const settings = useStageSettings(viewer, kind);
  return (
    <div className="interview-sheets">
      <Radio.Group
        optionType="button"
        value={kind}
        onChange={(e) => setKind(e.target.value as InterviewKind)}
        aria-label={t('interview.kind')}
        options={[
          { value: 'assessment', label: t('interview.kind.assessment') },
          { value: 'language', label: t('interview.kind.language') },
        ]}
      />
      {settings.data && <MethodForm key={`${kind}:${settings.data.method}`} kind={kind} settings={settings.data} />}
      <label className="interview-sheets__programme">
        <span>{t('interview.programme')}</span>
        <Select
          aria-label={t('interview.programme')}
          placeholder={t('interview.sheet.pickProgramme')}
          value={programmeId}
          onChange={(v: number) => setProgrammeId(v)}
          showSearch
          optionFilterProp="label"
          options={(programmes.data?.programmes ?? []).map((p) => ({ value: p.id, label: `${localName(p)} ${p.code}` }))}
        />
      </label>
      {programmeId !== undefined && <SheetForm kind={kind} programmeId={programmeId} />}
    </div>
  );
}

function MethodForm({ kind, settings }: { kind: InterviewKind; settings: ReviewSettingsView }) {
  const { t } = useTranslation();
  const save = useSaveStageSettings();
  const [method, setMethod] = useState<CombineMethod>(settings.method);
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    setError(null);
    // Only the method matters to a panel (the whole panel scores); the expert review's counts are kept, raised where the rule needs it.
    const minExperts = Math.max(settings.minExperts, method === 'trimmedMean' ? 3 : 1);
    try {
      await save.mutateAsync({ stage: kind, method, minExperts, expertsPerApplication: Math.max(settings.expertsPerApplication, minExperts), maxLoad: settings.maxLoad });
      feedback.message.success(t('interview.sheet.methodSaved'));
    } catch (err) {
      setError(err instanceof ReplyError ? err.message : t('interview.failed'));
    }
  };
  return (
    <fieldset className="interview-sheets__method">
      <legend>{t('interview.sheet.method')}</legend>
      <Radio.Group value={method} onChange={(e) => setMethod(e.target.value as CombineMethod)} className="interview-sheets__methods">
        {COMBINE_METHODS.map((m) => (
          <Radio key={m} value={m}>
            {t(`interview.method.${m}`)}
          </Radio>
        ))}
      </Radio.Group>
      {method === 'trimmedMean' && <Typography.Paragraph type="secondary">{t('interview.sheet.trimmedHint')}</Typography.Paragraph>}
      {error && <Alert className="interview__notice" type="error" showIcon title={error} />}
      <Button onClick={() => void submit()} loading={save.isPending} disabled={method === settings.method}>
        {t('interview.sheet.saveMethod')}
      </Button>
    </fieldset>
  );
}

function SheetForm({ kind, programmeId }: { kind: InterviewKind; programmeId: number }) {
  const { t } = useTranslation();
  const sheet = useStageSheet(useViewer(), kind, programmeId);
  const save = useSaveStageSheet();
  const [form] = Form.useForm<{ items: SheetItem[] }>();
  const items = Form.useWatch('items', form) ?? [];
  const [error, setError] = useState<string | null>(null);
  if (sheet.isLoading) return null;
  const current = sheet.data ?? null;
  const locked = current?.inUse ?? false;
  const filled = items.filter((i) => i && DECIMAL.test(i.max ?? '') && DECIMAL.test(i.weight ?? ''));
  const decimal = (optional = false) => [...(optional ? [] : [{ required: true, message: t('interview.itemRequired') }]), { pattern: DECIMAL, message: t('interview.itemFormat') }];
  const submit = async () => {
    const fields = await form.validateFields().catch(() => null);
    if (!fields) return;
    setError(null);
    try {
      const clean = fields.items.map((i) => ({ ...i, ...(i.min ? {} : { min: undefined }) }));
      await save.mutateAsync({ stage: kind, programmeId, items: clean, version: current?.version ?? 0 });
      feedback.message.success(t('interview.sheet.saved'));
    } catch (err) {
      setError(err instanceof ReplyError ? err.message : t('interview.failed'));
    }
  };
  return (
    <Form key={`${kind}:${programmeId}:${current?.version ?? 0}`} form={form} layout="vertical" disabled={locked} initialValues={{ items: current?.items ?? [{ key: '', nameZh: '', nameEn: '', max: '', weight: '1' }] }} onFinish={() => void submit()}>
      {locked && <Alert className="interview__notice" type="info" showIcon title={t('interview.sheet.inUse')} />}
      {!current && <Alert className="interview__notice" type="warning" showIcon title={t('interview.sheet.none')} />}
      <Form.List name="items">
        {(fields, { add, remove }) => (
          <>
            {fields.map((field, index) => (
              <fieldset key={field.key} className="interview-sheets__item">
                <legend>{t('interview.sheet.item', { n: index + 1 })}</legend>
                <Space wrap align="start">
                  <Form.Item name={[field.name, 'key']} label={t('interview.sheet.key')} rules={[{ required: true, pattern: /^[a-z][a-zA-Z0-9]{0,29}$/, message: t('interview.sheet.keyFormat') }]}>
                    <Input className="interview-sheets__short" />
                  </Form.Item>
                  <Form.Item name={[field.name, 'nameZh']} label={t('interview.sheet.nameZh')} rules={[{ required: true, whitespace: true, message: t('interview.sheet.nameRequired') }]}>
                    <Input />
                  </Form.Item>
                  <Form.Item name={[field.name, 'nameEn']} label={t('interview.sheet.nameEn')} rules={[{ required: true, whitespace: true, message: t('interview.sheet.nameRequired') }]}>
                    <Input />
                  </Form.Item>
                  <Form.Item name={[field.name, 'max']} label={t('interview.sheet.max')} rules={decimal()}>
                    <Input inputMode="decimal" className="interview-sheets__short" />
                  </Form.Item>
                  <Form.Item name={[field.name, 'min']} label={t('interview.sheet.min')} rules={decimal(true)}>
                    <Input inputMode="decimal" className="interview-sheets__short" />
                  </Form.Item>
                  <Form.Item name={[field.name, 'weight']} label={t('interview.sheet.weight')} rules={decimal()}>
                    <Input inputMode="decimal" className="interview-sheets__short" />
                  </Form.Item>
                  {!locked && (
                    <Button className="interview-sheets__remove" icon={<DeleteOutlined aria-hidden />} onClick={() => remove(field.name)} disabled={fields.length === 1}>
                      {t('interview.sheet.remove', { n: index + 1 })}
                    </Button>
                  )}
                </Space>
              </fieldset>
            ))}
            {!locked && (
              <Button icon={<PlusOutlined aria-hidden />} onClick={() => add({ key: '', nameZh: '', nameEn: '', max: '', weight: '1' })} disabled={fields.length >= 12}>
                {t('interview.sheet.add')}
              </Button>
            )}
          </>
        )}
      </Form.List>
      <Typography.Paragraph className="interview-sheets__maximum">{t('interview.sheet.maximum', { max: decimalOf(Math.round(sheetMaximum(filled) / 100)) })}</Typography.Paragraph>
      {error && <Alert className="interview__notice" type="error" showIcon title={error} />}
      {!locked && (
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('interview.sheet.save')}
        </Button>
      )}
    </Form>
  );
}
