import { useState } from 'react';
import type { FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { ReplyError } from '@/lib/request';

/**
 * A dialog's form sent to the server: the fields' own rules first (their messages beside them),
 * then the call; the server's refusal, already translated, is shown in the dialog, which stays open.
 */
export function useDialogSubmit<F>(form: FormInstance<F>, act: (fields: F) => Promise<void>) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    const fields = await form.validateFields().catch(() => null);
    if (!fields) return;
    setError(null);
    try {
      await act(fields);
    } catch (err) {
      setError(err instanceof ReplyError ? err.message : t('review.failed'));
    }
  };
  return { submit, error };
}
