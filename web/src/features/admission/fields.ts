import type { AdmissionData, AdmissionKind } from '@gradus/contract/doctor/admission';

/** How one field of a paperwork form is entered; its label is `admission.field.<name>`. */
export interface FieldSpec<K extends AdmissionKind = AdmissionKind> {
  name: keyof AdmissionData[K] & string;
  input: 'text' | 'textarea' | 'yesNo';
  autoComplete?: string;
  inputMode?: 'numeric' | 'tel';
  /** Shares a row with the next half field on wide screens. */
  half?: boolean;
  /** Has a hint under it (`admission.hint.<name>`). */
  hint?: boolean;
}

/*
 * A unit's address, contact person and phone say autoComplete "off": the browser would otherwise
 * offer the applicant's own address, name and phone for the unit's.
 */
export const ARCHIVE_FIELDS: FieldSpec<'archive'>[] = [
  { name: 'archiveUnitName', input: 'text', autoComplete: 'organization', hint: true },
  { name: 'archiveUnitAddress', input: 'textarea', autoComplete: 'off' },
  { name: 'archivePostcode', input: 'text', autoComplete: 'off', inputMode: 'numeric', half: true },
  { name: 'archiveContactPerson', input: 'text', autoComplete: 'off', half: true },
  { name: 'archiveContactPhone', input: 'text', autoComplete: 'off', inputMode: 'tel', hint: true },
  { name: 'heldByTalentCentre', input: 'yesNo', hint: true },
];

export const NOTICE_FIELDS: FieldSpec<'notice'>[] = [
  { name: 'noticeRecipient', input: 'text', autoComplete: 'name', half: true },
  { name: 'noticeMobile', input: 'text', autoComplete: 'tel', inputMode: 'tel', half: true },
  { name: 'noticeProvince', input: 'text', autoComplete: 'address-level1', half: true },
  { name: 'noticeCity', input: 'text', autoComplete: 'address-level2', half: true },
  { name: 'noticeAddress', input: 'textarea', autoComplete: 'street-address', hint: true },
  { name: 'noticePostcode', input: 'text', autoComplete: 'postal-code', inputMode: 'numeric', half: true },
];

export const PAPER_LETTER_FIELDS: FieldSpec<'paperLetter'>[] = [
  { name: 'letterRecipientUnit', input: 'text', autoComplete: 'organization', hint: true },
  { name: 'letterAddress', input: 'textarea', autoComplete: 'off' },
  { name: 'letterPostcode', input: 'text', autoComplete: 'off', inputMode: 'numeric', half: true },
  { name: 'letterContactPerson', input: 'text', autoComplete: 'off', half: true },
  { name: 'letterContactPhone', input: 'text', autoComplete: 'off', inputMode: 'tel', hint: true },
];
