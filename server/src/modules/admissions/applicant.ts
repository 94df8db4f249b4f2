import { APPLICANT_ROLES, journeyAreaOf, type AdmissionArea } from '@gradus/contract';
import type { FastifyRequest } from 'fastify';
import { forbidden, sessionExpired } from '../../lib/app-error';
import type { SessionContext } from '../session/service';

/**
 * The signed-in applicant an area's call acts for. Every applicant record is looked up by this
 * user id: a client never names whose record it wants, so one applicant cannot reach another's
 * form, files, orders, tickets or scores by changing an id.
 */
export interface Applicant {
  userId: number;
  recruitYear: string;
  /** The journey the applicant's register type follows (contract JOURNEY_AREA). */
  area: AdmissionArea;
  registerType: number;
  applicantNumber: string;
  name: string;
}

export function sessionOf(request: FastifyRequest): SessionContext {
  if (!request.auth) throw sessionExpired();
  return request.auth;
}

/** The session's applicant, whatever their area; null for staff or an incomplete account. */
export function applicantOfSession(auth: SessionContext): Applicant | null {
  const { user } = auth;
  const area = user.userRegisterType ? journeyAreaOf(user.userRegisterType) : undefined;
  if (
    user.kind !== 'applicant' ||
    !APPLICANT_ROLES.includes(auth.activeRoleKey as (typeof APPLICANT_ROLES)[number]) ||
    !area ||
    !user.recruitYear ||
    !user.applicantNumber
  ) {
    return null;
  }
  return { userId: auth.userId, recruitYear: user.recruitYear, area, registerType: user.userRegisterType!, applicantNumber: user.applicantNumber, name: user.name };
}

/** The applicant of `area` making this call; anyone else (staff, another area's applicant) is refused. */
export function applicantOf(request: FastifyRequest, area: AdmissionArea): Applicant {
  const applicant = applicantOfSession(sessionOf(request));
  if (!applicant || applicant.area !== area) throw forbidden();
  return applicant;
}
