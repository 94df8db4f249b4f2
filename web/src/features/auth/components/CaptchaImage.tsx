import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Captcha } from '../api/captcha';

/** The captcha image as a button: a click loads a new one (it is single use and lasts 2 minutes). */
export function CaptchaImage({ captcha }: { captcha: Captcha }) {
  const { t } = useTranslation();
  return (
    <button type="button" className="captcha-image" onClick={captcha.refresh} aria-label={t('auth.captchaRefresh')} title={t('auth.captchaRefresh')}>
      {captcha.img ? (
        <img src={captcha.img} alt="" data-testid="captcha-image" data-uuid={captcha.uuid} />
      ) : (
        <span className="captcha-image__placeholder">
          <ReloadOutlined aria-hidden spin={captcha.loading} /> {captcha.failed ? t('auth.captchaFailed') : t('common.loading')}
        </span>
      )}
    </button>
  );
}
