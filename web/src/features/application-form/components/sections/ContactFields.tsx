import { isHmtType } from '@gradus/contract/codes';
import { completeSectionSchemasFor } from '@gradus/contract/doctor/form';
import { ContactFields as SharedContactFields } from '@/lib/form/ContactFields';

/** Contact details, checked by the rules of the applicant's register type. */
export function ContactFields({ registerType }: { registerType: number }) {
  return <SharedContactFields shape={completeSectionSchemasFor(registerType).contact.shape} hmt={isHmtType(registerType)} />;
}
