import { useTranslation } from 'react-i18next';
import { RoleKey } from '@gradus/contract/codes';
import { useSession } from '@/lib/session';

/** System name by role (spec 1): doctors, summer camp/master applicants, staff. */
export function systemNameKey(role: string | undefined): string {
  if (role === RoleKey.DOCTOR) return 'header.doctorSystem';
  if (role === RoleKey.MASTER) return 'header.summerCampSystem';
  return 'header.staffSystem';
}

/** Header line: platform + system name; recruitment year, user type and the applicant's number. */
export function TopBar() {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const role = useSession((s) => s.roles[0]);
  const configYear = useSession((s) => s.systemConfig?.system.recruitYear);
  const year = user?.systemDict.recruitYear || configYear || '';
  const applicant = role === RoleKey.DOCTOR || role === RoleKey.MASTER;
  const number = role === RoleKey.MASTER ? user?.candidateNo : user?.registerNo;
  return (
    <div className="top-bar">
      <p className="top-bar__title">
        <span className="top-bar__platform">{t('header.platform')}</span>
        <span className="top-bar__system">{t(systemNameKey(role))}</span>
      </p>
      <dl className="top-bar__facts">
        {year && (
          <div>
            <dt>{t('header.recruitYear')}</dt>
            <dd data-testid="recruit-year">{year}</dd>
          </div>
        )}
        <div>
          <dt>{t('header.userType')}</dt>
          <dd data-testid="user-type">{applicant ? t('header.applicant') : t('header.staff')}</dd>
        </div>
        {applicant && number && (
          <div>
            <dt>{role === RoleKey.MASTER ? t('header.candidateNo') : t('header.registerNo')}</dt>
            <dd data-testid="applicant-number">{number}</dd>
          </div>
        )}
      </dl>
    </div>
  );
}
