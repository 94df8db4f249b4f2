import type { AdminCommand } from '../../../cli/args';
import { admissionCommands } from './admission';
import { formCommands } from './form';
import { journeyCommands } from './journey';
import { materialsCommands } from './materials';
import { resultsCommands } from './results';

/** The doctoral journey's staff commands (`npm run admin`); the back office calls the same services. */
export const DOCTOR_COMMANDS: readonly AdminCommand[] = [...journeyCommands, ...formCommands, ...materialsCommands, ...resultsCommands, ...admissionCommands];
