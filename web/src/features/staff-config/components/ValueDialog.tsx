import { Alert, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { configKeyDef } from '@gradus/contract/config/registry';
import type { ConfigEntryView } from '@gradus/contract/api/staff-config';
import { feedback } from '@/lib/feedback';
import { validationMessage } from '@/lib/form-rules';
import { useDialogSubmit } from '@/lib/ui/useDialogSubmit';
import { useUpdateConfig } from '../api/config';
import { useKeyLabel } from '../labels';

/**
 * Changing one value: the key's own check (the contract's, which the server applies again) runs as
 * the person types and on save; the server's refusal, translated, stays in the dialog. A secret is
 * never shown: only a new one can be typed.
 */
export function ValueDialog({ entry, onClose }: { entry: ConfigEntryView; onClose: () => void }) {
  const { t } = useTranslation();
  const label = useKeyLabel();
  const [form] = Form.useForm<{ value: string }>();
  const update = useUpdateConfig();
  const def = configKeyDef(entry.area, entry.key);
  const name = label(entry.key);
  const secret = entry.secret;

  const check = async (_rule: unknown, value: unknown) => {
    if (!def?.value) return;
    const result = def.value.safeParse(typeof value === 'string' ? value : '');
    if (result.success) return;
    const issue = result.error.issues[0];
    const [row, part] = issue?.path ?? [];
    // A material category's row and property, counted from 1 as people count.
    const field = typeof row === 'number' ? t('config.rowOf', { field: name, row: row + 1, part: part === undefined ? '' : String(part) }) : name;
    throw new Error(validationMessage(issue?.message ?? 'format', field));
  };

  const { submit, error } = useDialogSubmit(form, async (fields) => {
    await update.mutateAsync({ area: entry.area, key: entry.key, value: fields.value, seenAt: entry.updatedAt });
    feedback.message.success(t('config.saved', { name }));
    onClose();
  });

  const input = () => {
    switch (entry.kind) {
      case 'secret':
        return <Input.Password autoFocus autoComplete="new-password" spellCheck={false} />;
      case 'json':
        return <Input.TextArea autoFocus rows={14} spellCheck={false} className="config-dialog__code" />;
      case 'longText':
        return <Input.TextArea autoFocus rows={3} />;
      case 'amount':
      case 'integer':
        return <Input autoFocus inputMode="decimal" />;
      case 'dateTime':
        return <Input autoFocus placeholder="2027-03-01T09:00:00+08:00" spellCheck={false} />;
      default:
        return <Input autoFocus />;
    }
  };

  return (
    <Modal
      open
      title={t(secret ? 'config.replaceTitle' : 'config.changeTitle', { name })}
      okText={t('config.save')}
      okButtonProps={{ loading: update.isPending }}
      cancelText={t('config.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      width={entry.kind === 'json' ? 760 : 520}
    >
      <p className="config-dialog__help">{t(`config.key.${entry.key}.help`, { defaultValue: '' })}</p>
      <Form form={form} layout="vertical" initialValues={{ value: secret ? '' : (entry.value ?? '') }} onFinish={() => void submit()}>
        <Form.Item name="value" label={secret ? t('config.newSecret') : name} extra={t(`config.format.${entry.kind ?? 'text'}`)} rules={[{ validator: check }]} validateTrigger={['onChange', 'onBlur']}>
          {input()}
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon title={error} />}
    </Modal>
  );
}
