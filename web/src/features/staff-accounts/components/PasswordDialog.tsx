import { useState } from 'react';
import { Alert, Button, Input, Modal } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { OneTimePassword } from '@gradus/contract/api/staff-accounts';
import { accountLabel } from '../account-label';

/**
 * The one-time password the server made, shown this once: the server keeps only its hash, so once
 * the dialog closes nobody can read it again (a lost one is reset, not looked up). The
 * administrator passes it on in person or by phone, never by mail, where it would stay readable.
 */
export function PasswordDialog({ issued, name, onClose }: { issued: OneTimePassword; name: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [copy, setCopy] = useState<'copied' | 'failed' | null>(null);
  const who = accountLabel({ name, loginName: issued.loginName });

  const copyPassword = async () => {
    try {
      // Absent outside a secure context (plain http on an intranet address): then the field is selected by hand.
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(issued.password);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  };

  return (
    <Modal
      open
      title={t('accounts.password.title', { who })}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('accounts.password.done')}
        </Button>
      }
      // A stray click beside it must not lose a password that is never shown again.
      mask={{ closable: false }}
      destroyOnHidden
    >
      <p>{t('accounts.password.giveInPerson', { name })}</p>
      <label className="accounts-password__label" htmlFor="accounts-one-time-password">
        {t('accounts.password.label')}
      </label>
      <div className="accounts-password">
        <Input
          id="accounts-one-time-password"
          className="accounts-password__value"
          readOnly
          value={issued.password}
          autoComplete="off"
          spellCheck={false}
          onFocus={(e) => e.currentTarget.select()}
        />
        <Button icon={<CopyOutlined aria-hidden />} onClick={() => void copyPassword()}>
          {t('accounts.password.copy')}
        </Button>
      </div>
      <p className="accounts-password__status" role="status">
        {copy === 'copied' && t('accounts.password.copied')}
        {copy === 'failed' && t('accounts.password.copyFailed')}
      </p>
      <Alert type="warning" showIcon title={t('accounts.password.once')} description={t('accounts.password.change')} />
    </Modal>
  );
}
