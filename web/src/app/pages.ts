import type { ComponentMap } from './menu-routes';

/**
 * Business pages by contract component id (contract/src/menus.ts). A component id missing here
 * is not routed, so its menu group stays hidden even when the server grants it.
 */
export const PAGE_COMPONENTS: ComponentMap = {
  'doctorRegister/apply': () => import('@/features/application-form/pages/ApplicationFormPage'),
  'partInfo/applicationForm': () => import('@/features/application-form/pages/SubmittedFormPage'),
  'doctorRegister/fileManage': () => import('@/features/materials/pages/MaterialsPage'),
  'doctorRegister/fileManage2': () => import('@/features/materials/pages/SupplementaryMaterialsPage'),
  'partInfo/photoReview': () => import('@/features/materials/pages/PhotoReviewPage'),
  'payment/pay': () => import('@/features/payment/pages/PaymentPage'),
  'partInfo/payment': () => import('@/features/payment/pages/PaymentRecordPage'),
  'partInfo/qualificationReview': () => import('@/features/results/pages/QualificationReviewPage'),
  'partInfo/languageReview': () => import('@/features/results/pages/LanguageReviewPage'),
  'partInfo/assessmentQualification': () => import('@/features/results/pages/AssessmentQualificationPage'),
  'partInfo/proposedAdmission': () => import('@/features/results/pages/ProposedAdmissionPage'),
  'print/languageTicket': () => import('@/features/results/pages/LanguageTicketPage'),
  'print/assessmentTicket': () => import('@/features/results/pages/AssessmentTicketPage'),
  'scoreQuery/languageScore': () => import('@/features/results/pages/LanguageScorePage'),
  'scoreQuery/materialScore': () => import('@/features/results/pages/MaterialScorePage'),
  'scoreQuery/assessmentScore': () => import('@/features/results/pages/AssessmentScorePage'),
  'scoreQuery/finalScore': () => import('@/features/results/pages/FinalScorePage'),
  'admission/archiveTransfer': () => import('@/features/admission/pages/ArchiveTransferPage'),
  'admission/noticeMailing': () => import('@/features/admission/pages/NoticeMailingPage'),
  'admission/paperLetterMailing': () => import('@/features/admission/pages/PaperLetterMailingPage'),
  // The back office (contract STAFF_MENU_TREE).
  'staff/dashboard': () => import('@/features/staff-dashboard/pages/DashboardPage'),
  'staff/applications': () => import('@/features/applications/pages/ApplicationsPage'),
  'staff/applicationFile': () => import('@/features/applications/pages/ApplicationFilePage'),
  'staff/photoReview': () => import('@/features/applications/pages/PhotoReviewPage'),
  'staff/qualificationReview': () => import('@/features/applications/pages/QualificationReviewPage'),
  'staff/expertReviews': () => import('@/features/applications/pages/ExpertReviewsPage'),
  'staff/scoring': () => import('@/features/applications/pages/ScoringPage'),
  'staff/reviewSetup': () => import('@/features/applications/pages/ReviewSetupPage'),
  'staff/ranking': () => import('@/features/applications/pages/RankingPage'),
  'staff/interviews': () => import('@/features/interview/pages/InterviewSessionsPage'),
  'staff/releases': () => import('./StaffReleasesPage'),
  'staff/exams': () => import('@/features/staff-exams/pages/ExamsPage'),
  'staff/scores': () => import('@/features/staff-scores/pages/ScoresPage'),
  'staff/myInterviews': () => import('@/features/interview/pages/MyInterviewsPage'),
  'staff/accounts': () => import('@/features/staff-accounts/pages/StaffAccountsPage'),
  'staff/online': () => import('@/features/staff-logs/pages/OnlinePage'),
  'staff/logs': () => import('@/features/staff-logs/pages/LogsPage'),
  'staff/config': () => import('@/features/staff-config/pages/ConfigPage'),
  'staff/notes': () => import('@/features/staff-config/pages/NotesPage'),
  'staff/publicity': () => import('@/features/publicity/pages/PublicityOfficePage'),
};
