import { Alert, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { feedback } from '@/lib/feedback';
import { useDialogSubmit } from '@/lib/ui/useDialogSubmit';
import { useStartYear } from '../api/cycle';

/**
 * Starting the next recruitment year changes what every page works on, so the year is typed out
 * (a slip of the mouse does not start a cycle); the dialog says what changes and what stays.
 */
export function StartYearDialog({ next, current, onClose }: { next: string; current: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ year: string }>();
  const start = useStartYear();
  const { submit, error } = useDialogSubmit(form, async ({ year }) => {
    await start.mutateAsync({ year: year.trim() });
    feedback.message.success(t('cycle.started', { year: year.trim() }));
    onClose();
  });
  return (
    <Modal open title={t('cycle.startTitle', { year: next })} okText={t('cycle.start', { year: next })} okButtonProps={{ danger: true }} cancelText={t('cycle.cancel')} onOk={() => void submit()} onCancel={onClose} confirmLoading={start.isPending} destroyOnHidden>
      <ul className="cycle__consequences">
        <li>{t('cycle.startWhat', { year: next })}</li>
        <li>{t('cycle.startNothing')}</li>
        {current && <li>{t('cycle.startKeeps', { year: current })}</li>}
      </ul>
      <Form form={form} layout="vertical" onFinish={() => void submit()}>
        <Form.Item
          name="year"
          label={t('cycle.typeYear', { year: next })}
          rules={[{ validator: (_r, value?: string) => (value?.trim() === next ? Promise.resolve() : Promise.reject(new Error(t('cycle.typeYearWrong', { year: next })))) }]}
        >
          <Input inputMode="numeric" maxLength={4} autoComplete="off" />
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon title={error} />}
    </Modal>
  );
}
