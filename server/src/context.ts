import type { Language } from '@gradus/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config';
import type { DB } from './db/database';
import type { DialectKind } from './db/dialect';
import type { Clock } from './lib/clock';
import type { JobQueue } from './lib/jobs';
import type { TtlCache } from './lib/ttl-cache';
import type { ThrottleLimits, ThrottleStore } from './lib/throttle';
import type { Locks } from './lib/shared-state';
import type { PasswordGate } from './lib/password-gate';
import type { ApplicantSignal } from './modules/admissions/changes';
import type { JourneyRegistry } from './modules/admissions/journey';
import type { LinkSession } from './modules/review-link/links';
import type { SessionContext } from './modules/session/service';
import type { Mailer } from './plugins/mail';
import type { FileStorage } from './plugins/storage';

/** What services need from the running app; built once in app.ts and passed explicitly. */
export interface AppContext {
  db: DB;
  dbKind: DialectKind;
  config: AppConfig;
  clock: Clock;
  throttle: ThrottleStore;
  /** Scheduled work that must run on one instance at a time (lib/shared-state.ts). */
  locks: Locks;
  /** Background jobs: BullMQ on Redis with REDIS_URL, in this process without (lib/jobs.ts). */
  jobs: JobQueue;
  /** Sign-ins wait here for a place to hash their password, or are turned away as busy. */
  passwords: PasswordGate;
  limits: ThrottleLimits;
  mailer: Mailer;
  storage: FileStorage;
  log: FastifyBaseLogger;
  /** Reference data read by every request (menus of a role, recruitment year), kept briefly. */
  cache: TtlCache;
  /** The areas' journeys (server/src/journeys.ts). */
  journeys: JourneyRegistry;
  /** Raised when an applicant's situation changes; per-applicant derived state listens. */
  applicantChanged: ApplicantSignal;
}

/** Who is calling, for throttling and the audit table. */
export interface ClientInfo {
  ip: string;
  userAgent?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    lang: Language;
    /** Set by the authentication hook on the signed-in route tree. */
    auth: SessionContext | null;
    /** Set on the external experts' route tree: the review session their link opened. */
    reviewSession: LinkSession | null;
  }
}
