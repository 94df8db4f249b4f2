import { Input, Row } from 'antd';
import type { ZodType } from 'zod';
import { useTranslation } from 'react-i18next';
import { Field } from './Field';

type ContactKey = 'mobile' | 'email' | 'mailingAddress' | 'postcode' | 'emergencyName' | 'emergencyRelation' | 'emergencyPhone';

/**
 * Contact details (contract forms/fields contactSchema, checked with the caller's complete shape);
 * a Hong Kong, Macao or Taiwan applicant's mobile carries its country code and the postcode is optional.
 */
export function ContactFields({ shape, hmt }: { shape: Record<ContactKey, ZodType>; hmt: boolean }) {
  const { t } = useTranslation();
  const s = shape;
  const at = (f: string) => ['contact', f];
  return (
    <Row gutter={16}>
      <Field name={at('mobile')} label={t('form.field.mobile')} schema={s.mobile} required extra={hmt ? t('register.hmtMobileHint') : undefined}>
        <Input inputMode="tel" autoComplete="tel" maxLength={20} />
      </Field>
      <Field name={at('email')} label={t('form.field.email')} schema={s.email} required>
        <Input type="email" inputMode="email" autoComplete="email" maxLength={254} />
      </Field>
      <Field name={at('mailingAddress')} label={t('form.field.mailingAddress')} schema={s.mailingAddress} required wide extra={t('form.hint.mailingAddress')}>
        <Input autoComplete="street-address" maxLength={200} />
      </Field>
      <Field name={at('postcode')} label={t('form.field.postcode')} schema={s.postcode} required={!hmt} extra={hmt ? t('form.hint.postcodeOptional') : undefined}>
        <Input autoComplete="postal-code" maxLength={10} />
      </Field>
      <Field name={at('emergencyName')} label={t('form.field.emergencyName')} schema={s.emergencyName} required>
        <Input maxLength={50} />
      </Field>
      <Field name={at('emergencyRelation')} label={t('form.field.emergencyRelation')} schema={s.emergencyRelation} required>
        <Input maxLength={20} />
      </Field>
      <Field name={at('emergencyPhone')} label={t('form.field.emergencyPhone')} schema={s.emergencyPhone} required>
        <Input inputMode="tel" maxLength={30} />
      </Field>
    </Row>
  );
}
