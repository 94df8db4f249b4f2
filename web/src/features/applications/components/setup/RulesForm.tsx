import { useState } from 'react';
import { Alert, Button, Form, InputNumber, Radio, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { COMBINE_METHODS, type CombineMethod } from '@gradus/contract/scoring';
import type { ReviewSettingsView } from '@gradus/contract/api/staff-scoring';
import { feedback } from '@/lib/feedback';
import { ReplyError } from '@/lib/request';
import { useUniversityTime } from '@/lib/university-time';
import { useCloseReview, useSaveSettings } from '../../api/expert-review';

interface Fields {
  method: CombineMethod;
  minExperts: number;
  expertsPerApplication: number;
  maxLoad: number;
}

/** How the material review runs: how scores combine, how many experts, each expert's load; and closing it. */
export function RulesForm({ settings }: { settings: ReviewSettingsView }) {
  const { t } = useTranslation();
  const time = useUniversityTime();
  const save = useSaveSettings();
  const close = useCloseReview();
  const [form] = Form.useForm<Fields>();
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    const fields = await form.validateFields().catch(() => null);
    if (!fields) return;
    setError(null);
    try {
      await save.mutateAsync(fields);
      feedback.message.success(t('setup.rules.saved'));
    } catch (err) {
      setError(err instanceof ReplyError ? err.message : t('review.failed'));
    }
  };
  const toggle = () =>
    feedback.modal.confirm({
      title: t(settings.closedAt ? 'setup.rules.reopenTitle' : 'setup.rules.closeTitle'),
      content: t(settings.closedAt ? 'setup.rules.reopenExplain' : 'setup.rules.closeExplain'),
      okText: t(settings.closedAt ? 'setup.rules.reopen' : 'setup.rules.close'),
      cancelText: t('applications.cancel'),
      onOk: () => close.mutateAsync({ closed: !settings.closedAt }).catch((err: unknown) => feedback.message.error(err instanceof ReplyError ? err.message : t('review.failed'))),
    });
  const count = (name: keyof Fields, max: number) => (
    <Form.Item name={name} label={t(`setup.rules.${name}`)} rules={[{ required: true, message: t('setup.rules.required') }]}>
      <InputNumber min={1} max={max} precision={0} />
    </Form.Item>
  );
  return (
    <>
      <Form form={form} layout="vertical" initialValues={settings} className="setup__rules" onFinish={() => void submit()}>
        <Form.Item name="method" label={t('setup.rules.method')}>
          <Radio.Group className="setup__methods">
            {COMBINE_METHODS.map((m) => (
              <Radio key={m} value={m}>
                <strong>{t(`setup.method.${m}`)}</strong>
                <Typography.Text type="secondary" className="setup__method-hint">
                  {t(`setup.methodHint.${m}`)}
                </Typography.Text>
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        <Space wrap size="large">
          {count('expertsPerApplication', 9)}
          {count('minExperts', 9)}
          {count('maxLoad', 500)}
        </Space>
        {error && <Alert className="file__notice" type="error" showIcon title={error} />}
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('setup.rules.save')}
        </Button>
      </Form>
      <div className="setup__close">
        <Alert
          type={settings.closedAt ? 'warning' : 'info'}
          showIcon
          title={settings.closedAt ? t('setup.rules.closedSince', { time: time.moment(settings.closedAt) }) : t('setup.rules.open')}
          action={<Button onClick={toggle}>{t(settings.closedAt ? 'setup.rules.reopen' : 'setup.rules.close')}</Button>}
        />
      </div>
    </>
  );
}
