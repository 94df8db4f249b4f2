import { useEffect, useState } from 'react';
import { Alert, Button, Form, Input, Space } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ReviewLinkView } from '@gradus/contract/api/review-link';
import { ReplyError } from '@/lib/request';
import { useSendCode, useVerifyCode } from './session';
import './review-link.css';

/** Seconds left before another code may be asked for, counting down once a second. */
function useCountdown(): [number, (seconds: number) => void] {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return undefined;
    const timer = setTimeout(() => setLeft(left - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return [left, setLeft];
}

/**
 * The link's identity step: a code mailed to the recorded address, typed here. Passed once; the
 * review session it opens stays with this browser.
 */
export function IdentityStep({ token, link, onSession }: { token: string; link: ReviewLinkView; onSession: (reviewToken: string) => void }) {
  const { t } = useTranslation();
  const send = useSendCode();
  const verify = useVerifyCode(onSession);
  const [form] = Form.useForm<{ code: string }>();
  const [sent, setSent] = useState(false);
  const [wait, setWait] = useCountdown();
  const [error, setError] = useState<string | null>(null);
  const failed = (err: unknown) => setError(err instanceof ReplyError ? err.message : t('review.failed'));

  const sendCode = async () => {
    setError(null);
    try {
      const result = await send.mutateAsync(token);
      setSent(true);
      setWait(result.resendAfterSeconds);
    } catch (err) {
      failed(err);
    }
  };
  const confirm = async ({ code }: { code: string }) => {
    setError(null);
    try {
      await verify.mutateAsync({ token, code: code.trim() });
    } catch (err) {
      failed(err);
    }
  };

  return (
    <section className="link-review__card" aria-labelledby="identity-title">
      <h1 id="identity-title" className="page__title">
        {t('linkReview.identityTitle')}
      </h1>
      <p>{t('linkReview.hello', { name: link.expertName })}</p>
      <p>{t('linkReview.identityLead', { email: link.maskedEmail, year: link.recruitYear })}</p>
      {!sent ? (
        <Button type="primary" size="large" icon={<MailOutlined aria-hidden />} loading={send.isPending} onClick={() => void sendCode()}>
          {t('linkReview.sendCode')}
        </Button>
      ) : (
        <>
          <Alert className="file__notice" type="success" showIcon title={t('linkReview.codeSent', { email: link.maskedEmail })} />
          <Form form={form} layout="vertical" onFinish={(fields) => void confirm(fields)} requiredMark={false}>
            <Form.Item name="code" label={t('linkReview.code')} rules={[{ required: true, pattern: /^\s*\d{6}\s*$/, message: t('linkReview.codeFormat') }]}>
              <Input size="large" inputMode="numeric" autoComplete="one-time-code" maxLength={8} className="link-review__code" autoFocus />
            </Form.Item>
            <Space wrap>
              <Button type="primary" size="large" htmlType="submit" loading={verify.isPending}>
                {t('linkReview.verify')}
              </Button>
              <Button size="large" disabled={wait > 0} loading={send.isPending} onClick={() => void sendCode()}>
                {wait > 0 ? t('linkReview.resendIn', { seconds: wait }) : t('linkReview.resend')}
              </Button>
            </Space>
          </Form>
        </>
      )}
      {error && (
        <Alert className="link-review__error" type="error" showIcon title={error} role="alert" />
      )}
    </section>
  );
}
