import { Alert, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TimelineStage } from '@gradus/contract/api/staff-cycle';
import type { AdmissionArea } from '@gradus/contract/areas';
import { feedback } from '@/lib/feedback';
import { afterRule } from '@/lib/form-rules';
import { useDialogSubmit } from '@/lib/ui/useDialogSubmit';
import { fromUniversityLocal, universityLocal } from '@/lib/university-time';
import { useSaveWindow } from '../api/cycle';

interface Fields {
  opensAt?: string;
  closesAt?: string;
}

/** A stage's window for the year, typed as Beijing time whatever the computer's zone; an end before its start is refused here first. */
export function WindowDialog({ cycle, recruitYear, stage, onClose }: { cycle: AdmissionArea; recruitYear: string; stage: TimelineStage; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Fields>();
  const save = useSaveWindow();
  const name = t(`journey.stage.${stage.stage}`);
  const { submit, error } = useDialogSubmit(form, async (fields) => {
    await save.mutateAsync({
      area: cycle,
      recruitYear,
      stage: stage.stage,
      opensAt: fields.opensAt ? fromUniversityLocal(fields.opensAt) : null,
      closesAt: fields.closesAt ? fromUniversityLocal(fields.closesAt) : null,
    });
    feedback.message.success(t('cycle.windowSaved', { stage: name }));
    onClose();
  });
  return (
    <Modal open title={t('cycle.windowTitle', { stage: name, year: recruitYear })} okText={t('cycle.save')} cancelText={t('cycle.cancel')} onOk={() => void submit()} onCancel={onClose} confirmLoading={save.isPending} destroyOnHidden>
      <Form<Fields>
        form={form}
        layout="vertical"
        initialValues={{ opensAt: stage.opensAt ? universityLocal(stage.opensAt) : '', closesAt: stage.closesAt ? universityLocal(stage.closesAt) : '' }}
      >
        <Form.Item name="opensAt" label={t('cycle.opensAt')}>
          <Input type="datetime-local" />
        </Form.Item>
        <Form.Item
          name="closesAt"
          label={t('cycle.closesAt')}
          dependencies={['opensAt']}
          rules={[
            afterRule('opensAt', t('cycle.endsBeforeStart')),
          ]}
        >
          <Input type="datetime-local" />
        </Form.Item>
      </Form>
      <p className="cycle__muted">{t('cycle.windowHelp')}</p>
      {error && <Alert type="error" showIcon title={error} />}
    </Modal>
  );
}
