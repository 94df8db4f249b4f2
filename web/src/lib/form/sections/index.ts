/**
 * The sections of the forms an undergraduate applies with (the summer camp's, the tuimian one), and
 * the contact and research rows every area's form has: one set of fields, one set of rules.
 */
export { ContactFields } from '../ContactFields';
export { ResearchFields } from '../ResearchFields';
export { AwardFields } from './AwardFields';
export { EnglishFields } from './EnglishFields';
export { StatementField } from './StatementField';
export { UndergraduateFields } from './UndergraduateFields';
