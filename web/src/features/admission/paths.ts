/** Menu paths of the admission pages (contract menus: /Admission group), for links between them. */
export const ARCHIVE_PAGE_PATH = '/Admission/admissionInformation';
export const PAPER_LETTER_PAGE_PATH = '/Admission/admissionInformationChange';
export const NOTICE_PAGE_PATH = '/Admission/noticeInformation';
