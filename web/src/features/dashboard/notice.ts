import { RegisterType, RoleKey } from '@gradus/contract/codes';
import type { SystemConfig } from '@/lib/session';

/**
 * Which area's notice an applicant reads: doctors doctor.notice; summer camp (3) summerCamp.notice;
 * tuimian (5) tms.notice; Hong Kong/Macao/Taiwan doctors (4) gat.notice, else doctor.notice; staff system.notice.
 */
export function noticeFor(config: SystemConfig | null, role: string | undefined, registerType: number | null | undefined): string {
  if (!config) return '';
  if (role !== RoleKey.DOCTOR && role !== RoleKey.MASTER) return config.system.notice ?? '';
  switch (registerType) {
    case RegisterType.SUMMER_CAMP:
      return config.summerCamp.notice ?? '';
    case RegisterType.TUIMIAN:
      return config.tms.notice ?? '';
    case RegisterType.DOCTOR_HMT:
      return config.gat.notice || config.doctor.notice || '';
    default:
      return config.doctor.notice ?? '';
  }
}
