import type { TmsInterviewRow } from '@gradus/contract/tuimian/interview';

/** Who a row is, for the names of its buttons and dialogs: 李娜 (2027500001). */
export const who = (row: TmsInterviewRow) => `${row.name} (${row.applicantNumber})`;
