import { useState } from 'react';
import { Alert, Button, Descriptions, Form, Input, Progress, Result, Tabs, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RegisterType } from '@gradus/contract/codes';
import { resetByEmailRequest, resetByQuestionRequest } from '@gradus/contract/api/auth';
import { schemaRule } from '@/lib/form-rules';
import { useCaptcha } from '../api/captcha';
import { usePortalInfo } from '../api/portalInfo';
import { useResetByEmail } from '../api/resetByEmail';
import { useResetByQuestion } from '../api/resetByQuestion';
import { BackToLogin } from '../components/BackToLogin';
import { CaptchaField } from '../components/CaptchaField';
import { RegisterTypeSelect } from '../components/fields';
import { LookupForm, type LookupValues } from '../components/LookupForm';
import { NewPasswordFields } from '../components/NewPasswordFields';

interface Found extends LookupValues {
  number: string;
  securityQuestion: string;
}

function Done({ title, text }: { title: string; text: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="success"
      title={title}
      subTitle={text}
      extra={
        <Button type="primary" onClick={() => navigate('/login')}>
          {t('register.goToLogin')}
        </Button>
      }
    />
  );
}

/** Step 2 of reset by question: answer the question and choose a new password. */
function AnswerStep({ found, onDone }: { found: Found; onDone: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ securityAnswer: string; newPassword: string; code: string }>();
  const captcha = useCaptcha('resetByQuestion');
  const reset = useResetByQuestion();
  return (
    <>
      <Descriptions column={1} size="small" bordered className="forgot__found">
        <Descriptions.Item label={t('auth.number')}>{found.number}</Descriptions.Item>
        <Descriptions.Item label={t('auth.securityQuestion')}>{found.securityQuestion}</Descriptions.Item>
      </Descriptions>
      <Form
        form={form}
        name="resetByQuestion"
        layout="vertical"
        disabled={reset.isPending}
        onFinish={(v) =>
          reset.mutate(
            {
              userRegisterType: found.userRegisterType,
              number: found.number,
              idNumber: found.idNumber,
              securityAnswer: v.securityAnswer,
              newPassword: v.newPassword,
              code: v.code,
              uuid: captcha.uuid,
            },
            {
              onSuccess: onDone,
              onError: () => {
                form.setFieldValue('code', '');
                captcha.refresh();
              },
            },
          )
        }
      >
        <Form.Item
          name="securityAnswer"
          label={t('auth.securityAnswer')}
          rules={[schemaRule(resetByQuestionRequest.shape.securityAnswer, () => t('auth.securityAnswer'))]}
        >
          <Input autoComplete="off" maxLength={100} />
        </Form.Item>
        <NewPasswordFields />
        <CaptchaField captcha={captcha} formName="resetByQuestion" />
        <Form.Item>
          <Button type="primary" htmlType="submit" block loading={reset.isPending}>
            {t('forgotPassword.reset')}
          </Button>
        </Form.Item>
      </Form>
    </>
  );
}

function ByQuestion() {
  const { t } = useTranslation();
  const [found, setFound] = useState<Found | null>(null);
  const [done, setDone] = useState(false);
  if (done) return <Done title={t('forgotPassword.doneTitle')} text={t('forgotPassword.doneText')} />;
  if (found) return <AnswerStep found={found} onDone={() => setDone(true)} />;
  return (
    <LookupForm
      formName="questionLookup"
      submitLabel={t('forgotPassword.next')}
      onFound={(res, values) => {
        const number = res.registerNo ?? res.candidateNo;
        if (number) setFound({ ...values, number, securityQuestion: res.securityQuestion });
      }}
    />
  );
}

interface EmailValues {
  userRegisterType: number;
  number: string;
  idNumber: string;
  email: string;
}

/** The server's limit for the ID scan (JPG, PNG or PDF). */
const ID_SCAN_MAX_BYTES = 5 * 1024 * 1024;

function ByEmail() {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | undefined>();
  const [fileError, setFileError] = useState<string | undefined>();
  const [progress, setProgress] = useState(0);
  const [sent, setSent] = useState(false);
  const reset = useResetByEmail(setProgress);
  const shape = resetByEmailRequest.shape;
  if (sent) return <Done title={t('forgotPassword.mailSentTitle')} text={t('forgotPassword.mailSentText')} />;
  return (
    <Form<EmailValues>
      name="resetByEmail"
      layout="vertical"
      initialValues={{ userRegisterType: RegisterType.DOCTOR_ASSESSMENT }}
      disabled={reset.isPending}
      onFinish={(v) => reset.mutate({ ...v, file }, { onSuccess: () => setSent(true) })}
    >
      <Form.Item name="userRegisterType" label={t('auth.registerType')}>
        <RegisterTypeSelect />
      </Form.Item>
      <Form.Item name="number" label={t('auth.number')} rules={[schemaRule(shape.number, () => t('auth.number'))]}>
        <Input inputMode="numeric" autoComplete="username" maxLength={20} />
      </Form.Item>
      <Form.Item name="idNumber" label={t('auth.idNumber')} rules={[schemaRule(shape.idNumber, () => t('auth.idNumber'))]}>
        <Input autoComplete="off" maxLength={30} spellCheck={false} />
      </Form.Item>
      <Form.Item name="email" label={t('auth.email')} extra={t('forgotPassword.emailHint')} rules={[schemaRule(shape.email, () => t('auth.email'))]}>
        <Input type="email" autoComplete="email" maxLength={254} />
      </Form.Item>
      <Form.Item
        label={t('forgotPassword.idScan')}
        extra={t('forgotPassword.idScanHint')}
        validateStatus={fileError ? 'error' : undefined}
        help={fileError}
      >
        <Upload
          accept=".jpg,.jpeg,.png,.pdf"
          maxCount={1}
          beforeUpload={(f) => {
            // The server checks the content too; this saves uploading 20 MB only to be told no.
            const tooLarge = f.size > ID_SCAN_MAX_BYTES;
            setFileError(tooLarge ? t('forgotPassword.fileTooLarge') : undefined);
            setFile(tooLarge ? undefined : f);
            return tooLarge ? Upload.LIST_IGNORE : false;
          }}
          onRemove={() => setFile(undefined)}
        >
          <Button icon={<UploadOutlined aria-hidden />}>{t('forgotPassword.chooseFile')}</Button>
        </Upload>
      </Form.Item>
      {reset.isPending && file && <Progress percent={progress} size="small" aria-label={t('forgotPassword.uploading')} />}
      <Form.Item>
        <Button type="primary" htmlType="submit" block loading={reset.isPending}>
          {t('forgotPassword.sendLink')}
        </Button>
      </Form.Item>
    </Form>
  );
}

/** Forgot password: by security question, or by an emailed single-use link. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const portal = usePortalInfo();
  const emailOffered = portal.data?.resetByEmail !== false;
  return (
    <section aria-labelledby="forgot-password-title">
      <BackToLogin />
      <h1 id="forgot-password-title" className="auth-card__title">
        {t('forgotPassword.title')}
      </h1>
      <Tabs
        items={[
          { key: 'question', label: t('forgotPassword.byQuestion'), children: <ByQuestion /> },
          {
            key: 'email',
            label: t('forgotPassword.byEmail'),
            children: emailOffered ? <ByEmail /> : <Alert type="info" showIcon title={t('forgotPassword.emailUnavailable')} />,
          },
        ]}
      />
    </section>
  );
}
