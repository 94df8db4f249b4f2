import { useState } from 'react';
import { Alert, Button, Form, Input, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { SheetItem } from '@gradus/contract/scoring';
import { decimalOf, sheetMaximum } from '@gradus/contract/scoring';
import { feedback } from '@/lib/feedback';
import { ReplyError } from '@/lib/request';
import { useSaveSheet, useSheet } from '../../api/expert-review';
import { useViewer } from '@/lib/viewer';

const DECIMAL = /^\d{1,4}(\.\d{1,2})?$/;
const STARTER: SheetItem[] = [
  { key: 'research', nameZh: '科研能力与成果', nameEn: 'Research ability and output', max: '40', weight: '1' },
  { key: 'plan', nameZh: '研究计划', nameEn: 'Research plan', max: '40', weight: '1' },
  { key: 'language', nameZh: '外语水平', nameEn: 'Foreign language', max: '20', weight: '1' },
];

/**
 * A programme's score sheet: items with a maximum, a weight and an optional minimum. Fixed once an
 * expert has scored with it (the scores given would no longer add up).
 */
export function SheetEditor({ programmeId }: { programmeId: number }) {
  const { t } = useTranslation();
  const sheet = useSheet(useViewer(), programmeId);
  const save = useSaveSheet();
  const [form] = Form.useForm<{ items: SheetItem[] }>();
  const items = Form.useWatch('items', form) ?? [];
  const [error, setError] = useState<string | null>(null);
  if (sheet.isLoading) return null;
  const current = sheet.data ?? null;
  const locked = current?.inUse ?? false;
  const filled = items.filter((i) => i && DECIMAL.test(i.max ?? '') && DECIMAL.test(i.weight ?? ''));
  const decimal = (label: string, optional = false) => [
    ...(optional ? [] : [{ required: true, message: t('setup.sheet.required', { field: label }) }]),
    { pattern: DECIMAL, message: t('scoring.itemFormat') },
  ];
  const submit = async () => {
    const fields = await form.validateFields().catch(() => null);
    if (!fields) return;
    setError(null);
    try {
      const clean = fields.items.map((i) => ({ ...i, ...(i.min ? {} : { min: undefined }) }));
      await save.mutateAsync({ programmeId, items: clean, version: current?.version ?? 0 });
      feedback.message.success(t('setup.sheet.saved'));
    } catch (err) {
      setError(err instanceof ReplyError ? err.message : t('review.failed'));
    }
  };
  return (
    <Form key={`${programmeId}:${current?.version ?? 0}`} form={form} layout="vertical" disabled={locked} initialValues={{ items: current?.items ?? STARTER }} onFinish={() => void submit()}>
      {locked && <Alert className="file__notice" type="info" showIcon title={t('setup.sheet.inUse')} />}
      {!current && <Alert className="file__notice" type="warning" showIcon title={t('setup.sheet.none')} />}
      <Form.List name="items">
        {(fields, { add, remove }) => (
          <>
            {fields.map((field, index) => (
              <fieldset key={field.key} className="setup__item">
                <legend>{t('setup.sheet.item', { n: index + 1 })}</legend>
                <Space wrap align="start">
                  <Form.Item name={[field.name, 'key']} label={t('setup.sheet.key')} rules={[{ required: true, pattern: /^[a-z][a-zA-Z0-9]{0,29}$/, message: t('setup.sheet.keyFormat') }]}>
                    <Input className="setup__short" />
                  </Form.Item>
                  <Form.Item name={[field.name, 'nameZh']} label={t('setup.sheet.nameZh')} rules={[{ required: true, whitespace: true, message: t('setup.sheet.required', { field: t('setup.sheet.nameZh') }) }]}>
                    <Input />
                  </Form.Item>
                  <Form.Item name={[field.name, 'nameEn']} label={t('setup.sheet.nameEn')} rules={[{ required: true, whitespace: true, message: t('setup.sheet.required', { field: t('setup.sheet.nameEn') }) }]}>
                    <Input />
                  </Form.Item>
                  <Form.Item name={[field.name, 'max']} label={t('setup.sheet.max')} rules={decimal(t('setup.sheet.max'))}>
                    <Input inputMode="decimal" className="setup__short" />
                  </Form.Item>
                  <Form.Item name={[field.name, 'min']} label={t('setup.sheet.min')} rules={decimal(t('setup.sheet.min'), true)}>
                    <Input inputMode="decimal" className="setup__short" />
                  </Form.Item>
                  <Form.Item name={[field.name, 'weight']} label={t('setup.sheet.weight')} rules={decimal(t('setup.sheet.weight'))}>
                    <Input inputMode="decimal" className="setup__short" />
                  </Form.Item>
                  {!locked && (
                    <Button className="setup__remove" icon={<DeleteOutlined aria-hidden />} onClick={() => remove(field.name)} disabled={fields.length === 1}>
                      {t('setup.sheet.remove', { n: index + 1 })}
                    </Button>
                  )}
                </Space>
              </fieldset>
            ))}
            {!locked && (
              <Button icon={<PlusOutlined aria-hidden />} onClick={() => add({ key: '', nameZh: '', nameEn: '', max: '', weight: '1' })} disabled={fields.length >= 12}>
                {t('setup.sheet.add')}
              </Button>
            )}
          </>
        )}
      </Form.List>
      <Typography.Paragraph className="setup__maximum">{t('setup.sheet.maximum', { max: decimalOf(Math.round(sheetMaximum(filled) / 100)) })}</Typography.Paragraph>
      {error && <Alert className="file__notice" type="error" showIcon title={error} />}
      {!locked && (
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('setup.sheet.save')}
        </Button>
      )}
    </Form>
  );
}
