import { Form, Input } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { captchaFields } from '@gradus/contract/api/common';
import { schemaRule, validationMessage } from '@/lib/form-rules';
import type { Captcha } from '../api/captcha';

/** Captcha code input with the image; clicking the image loads a new one. */
export function CaptchaField({ captcha, formName }: { captcha: Captcha; formName: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item label={t('auth.captcha')} htmlFor={`${formName}_code`} required className="captcha-field">
      <div className="captcha-row">
        <Form.Item
          name="code"
          noStyle
          rules={[
            schemaRule(captchaFields.code, () => t('auth.captcha')),
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
        <button type="button" className="captcha-image" onClick={captcha.refresh} aria-label={t('auth.captchaRefresh')} title={t('auth.captchaRefresh')}>
          {captcha.img ? (
            <img src={captcha.img} alt="" data-testid="captcha-image" data-uuid={captcha.uuid} />
          ) : (
            <span className="captcha-image__placeholder">
              <ReloadOutlined aria-hidden spin={captcha.loading} /> {captcha.failed ? t('auth.captchaFailed') : t('common.loading')}
            </span>
          )}
        </button>
      </div>
    </Form.Item>
  );
}
