export { ResearchFields, LanguageFields } from './AchievementFields';
export { ContactFields } from './ContactFields';
export { EducationFields, WorkFields } from './HistoryFields';
export { IntendedFields } from './IntendedFields';
export { PlanField } from './PlanField';
