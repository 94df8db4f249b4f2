import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { schemaRule, validationMessage } from '@/lib/form-rules';
import type { Captcha } from '../api/captcha';
import { CaptchaImage } from './CaptchaImage';

/** Captcha code input with the image; clicking the image loads a new one. */
export function CaptchaField({ captcha, formName }: { captcha: Captcha; formName: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item label={t('auth.captcha')} htmlFor={`${formName}_code`} className="captcha-field">
      <div className="captcha-row">
        <Form.Item
          name="code"
          noStyle
          rules={[
            schemaRule(() => import('@gradus/contract/api/common').then((m) => m.captchaFields.code), () => t('auth.captcha')),
            {
              // No image yet (or it failed to load): there is nothing to answer.
              validator: async () => {
                if (!captcha.uuid) throw new Error(validationMessage('captcha.expired', t('auth.captcha')));
              },
            },
          ]}
        >
          <Input autoComplete="off" maxLength={10} placeholder={t('auth.captchaPlaceholder')} />
        </Form.Item>
        <CaptchaImage captcha={captcha} />
      </div>
    </Form.Item>
  );
}
