import type { SystemType } from '../codes';

/** POST /mucgrs-service/grsjy/systemConfig/detail: never includes a secret. */
export interface SystemConfigEntry {
  systemType: SystemType;
  systemKey: string;
  systemValue: string;
}

/** POST /api/v1/client/portalInfo: what the login page shows before anyone signs in. */
export interface PortalInfo {
  recruitYear: string;
  /** i18n-independent product name from configuration. */
  systemName: string;
  /** Which register types are open for new registrations now. */
  registrationOpen: Record<string, boolean>;
  /** Whether the password-reset-by-email route is offered (mail configured). */
  resetByEmail: boolean;
}
