/**
 * The menu tree of spec section 2. The server seeds its menu rows from this table; the web maps
 * each page's `component` to a lazily loaded page. Names are stable i18n keys under `menu.`.
 * Which of these a user sees is decided by the server (role and stage grants), never here.
 */
import type { MenuGate } from './doctor/journey';

export interface MenuPageDef {
  name: string;
  path: string;
  component: string;
  hidden?: boolean;
  noCache?: boolean;
  /** Button permissions under this page, RuoYi `F` rows. */
  buttons?: readonly string[];
  /** Granted to an applicant only when this gate is open for them (see MENU_GATES). */
  gate?: MenuGate;
}
export interface MenuGroupDef {
  name: string;
  path: string;
  icon: string;
  /** Which applicant role the group belongs to; the seed grants it to that role once its pages exist. */
  audience: 'zs_doctor' | 'zs_master';
  /** A group that is a single page (the spec's /summerCampQualification/index). */
  single?: boolean;
  gate?: MenuGate;
  children: readonly MenuPageDef[];
}

export const MENU_TREE: readonly MenuGroupDef[] = [
  {
    name: 'menu.doctorRegister.fill',
    audience: 'zs_doctor',
    path: '/doctorRegister',
    icon: 'registration',
    children: [
      { name: 'menu.doctorRegister.apply', path: 'doctorRegisterApply', component: 'doctorRegister/apply' },
      { name: 'menu.doctorRegister.fileManage', path: 'fileManage', component: 'doctorRegister/fileManage' },
    ],
  },
  {
    name: 'menu.doctorRegister.electronicData',
    audience: 'zs_doctor',
    gate: 'formSubmitted',
    path: '/doctorRegister',
    icon: 'archives',
    children: [{ name: 'menu.doctorRegister.fileManage2', path: 'fileManage2', component: 'doctorRegister/fileManage2' }],
  },
  {
    name: 'menu.recommendedStudent',
    audience: 'zs_master',
    path: '/recommendedStudent',
    icon: 'recommended',
    children: [
      { name: 'menu.recommendedStudent.apply', path: 'recommendedStudentApply', component: 'recommendedStudent/apply' },
      { name: 'menu.recommendedStudent.uploadFile', path: 'tmsUploadFile', component: 'recommendedStudent/uploadFile' },
    ],
  },
  {
    name: 'menu.summerCampRegister',
    audience: 'zs_master',
    path: '/summerCampRegister',
    icon: 'summerCamp',
    children: [
      { name: 'menu.summerCampRegister.apply', path: 'summerCampApply', component: 'summerCamp/apply' },
      { name: 'menu.summerCampRegister.uploadFile', path: 'summerCampUploadFile', component: 'summerCamp/uploadFile' },
    ],
  },
  {
    name: 'menu.summerCampQualification',
    audience: 'zs_master',
    path: '/summerCampQualification',
    icon: 'admissions',
    single: true,
    children: [
      { name: 'menu.summerCampQualification', path: 'index', component: 'summerCamp/qualification', noCache: true },
    ],
  },
  {
    name: 'menu.summerCampRegisterInfo',
    audience: 'zs_master',
    path: '/summerCampRegisterInfo',
    icon: 'scoreQuery',
    children: [
      {
        name: 'menu.summerCampRegisterInfo.query',
        path: 'summerCampRegisterInfoQuery',
        component: 'summerCamp/registerInfoQuery',
      },
    ],
  },
  {
    name: 'menu.payManage',
    audience: 'zs_doctor',
    path: '/payManage',
    icon: 'agreement',
    children: [{ name: 'menu.payManage.pay', path: 'pay', component: 'payment/pay' }],
  },
  {
    name: 'menu.partInfo',
    audience: 'zs_doctor',
    gate: 'formSubmitted',
    path: '/partInfo',
    icon: 'enrolment',
    children: [
      { name: 'menu.partInfo.showPartInfo', path: 'showPartInfo', component: 'partInfo/applicationForm' },
      { name: 'menu.partInfo.payInfo', path: 'payInfo', component: 'partInfo/payment' },
      { name: 'menu.partInfo.photoExamine', path: 'photoExamine', component: 'partInfo/photoReview' },
      { name: 'menu.partInfo.qualificationReview', path: 'index4', component: 'partInfo/qualificationReview' },
      { name: 'menu.partInfo.languageReview', path: 'index5', component: 'partInfo/languageReview' },
      { name: 'menu.partInfo.assessmentQualification', path: 'index6', component: 'partInfo/assessmentQualification' },
      { name: 'menu.partInfo.proposedAdmission', path: 'index7', component: 'partInfo/proposedAdmission' },
    ],
  },
  {
    name: 'menu.print',
    audience: 'zs_doctor',
    gate: 'anyTicket',
    path: '/print',
    icon: 'callingApplication',
    children: [
      { name: 'menu.print.languageTicket', path: 'index8', component: 'print/languageTicket', gate: 'languageTicket' },
      { name: 'menu.print.assessmentTicket', path: 'index9', component: 'print/assessmentTicket', gate: 'assessmentTicket' },
    ],
  },
  {
    name: 'menu.scoreQuery',
    audience: 'zs_doctor',
    gate: 'anyScore',
    path: '/scoreQuery',
    icon: 'scoreQuery',
    children: [
      { name: 'menu.scoreQuery.language', path: 'showEnScore', component: 'scoreQuery/languageScore', gate: 'languageScore' },
      { name: 'menu.scoreQuery.material', path: 'showMaterialScore', component: 'scoreQuery/materialScore', gate: 'materialScore' },
      { name: 'menu.scoreQuery.assessment', path: 'showAssessmentScore', component: 'scoreQuery/assessmentScore', gate: 'assessmentScore' },
      { name: 'menu.scoreQuery.final', path: 'showFinalScore', component: 'scoreQuery/finalScore', gate: 'finalScore' },
    ],
  },
  {
    name: 'menu.admission',
    audience: 'zs_doctor',
    gate: 'admitted',
    path: '/Admission',
    icon: 'enrolment',
    children: [
      { name: 'menu.admission.information', path: 'admissionInformation', component: 'admission/archiveTransfer' },
      { name: 'menu.admission.notice', path: 'noticeInformation', component: 'admission/noticeMailing' },
      {
        name: 'menu.admission.informationChange',
        path: 'admissionInformationChange',
        component: 'admission/paperLetterMailing',
        hidden: true,
      },
    ],
  },
  {
    name: 'menu.recommendedStudentInfoQuery',
    audience: 'zs_master',
    path: '/recommendedStudentInfoQuery',
    icon: 'serviceGuide',
    children: [
      {
        name: 'menu.recommendedStudentInfoQuery.partInfo',
        path: 'recommendedStudentShowPartInfo',
        component: 'recommendedStudent/showPartInfo',
      },
      {
        name: 'menu.recommendedStudentInfoQuery.exInfo',
        path: 'recommendedStudentShowExInfo',
        component: 'recommendedStudent/showExInfo',
      },
      {
        name: 'menu.recommendedStudentInfoQuery.payInfo',
        path: 'recommendedStudentShowPayInfo',
        component: 'recommendedStudent/showPayInfo',
      },
    ],
  },
];

/** Components that have a real page today; the seed grants demo roles only these (issue #2). */
export const IMPLEMENTED_COMPONENTS: readonly string[] = MENU_TREE.filter((g) => g.audience === 'zs_doctor').flatMap((g) => g.children.map((p) => p.component));
