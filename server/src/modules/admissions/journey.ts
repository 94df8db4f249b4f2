import type { AdmissionArea } from '@gradus/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { AdminCommand } from '../../cli/args';
import type { AppContext } from '../../context';
import type { Applicant } from './applicant';

/**
 * What an area registers with the core (server/src/journeys.ts lists them). The core knows an
 * area only through this: its stages and releases (configured per year, cycle.ts), the menu gates
 * its menu rows name and which are open for one applicant, its calls, its staff commands and its
 * demo data. Adding an area adds a folder and a line in journeys.ts, nothing in the core or the
 * user module.
 */
export interface JourneyModule {
  area: AdmissionArea;
  /** Stage keys in cycle order; each has a window per recruitment year. */
  stages: readonly string[];
  /** Results staff publish, each with a switch per recruitment year. */
  releases: readonly string[];
  /** The gates its menu rows name (contract/menus.ts). */
  gates: readonly string[];
  /** Which gates are open for this applicant, from their own records and the release switches. */
  openGates(ctx: AppContext, applicant: Applicant): Promise<ReadonlySet<string>>;
  /** The signed-in applicant's calls. */
  routes: FastifyPluginAsync;
  /** Calls reached without a session (payment gateways, verification pages). */
  publicRoutes?: FastifyPluginAsync;
  /** Staff commands of `npm run admin`, acting through the same services and policies. */
  commands?: readonly AdminCommand[];
  /** Where each demo applicant of the area stands, by number: the start-up banner prints it. */
  demoStanding?: Readonly<Record<string, string>>;
  /** Demo data on an empty database outside production; `journeys` also walks the demo applicants on. */
  seedDemo?(ctx: AppContext, opts: { journeys: boolean }): Promise<void>;
}

export class JourneyRegistry {
  private readonly byArea = new Map<AdmissionArea, JourneyModule>();

  constructor(modules: readonly JourneyModule[]) {
    for (const m of modules) {
      if (this.byArea.has(m.area)) throw new Error(`two journeys registered for ${m.area}`);
      this.byArea.set(m.area, m);
    }
  }

  of(area: AdmissionArea): JourneyModule | undefined {
    return this.byArea.get(area);
  }

  all(): JourneyModule[] {
    return [...this.byArea.values()];
  }
}
