import type { AdminCommand } from '../args';
import { admissionCommands } from './admission';
import { formCommands } from './form';
import { journeyCommands } from './journey';
import { materialsCommands } from './materials';
import { paymentCommands } from './payment';
import { resultsCommands } from './results';

export const DOCTOR_COMMANDS: readonly AdminCommand[] = [
  ...journeyCommands,
  ...formCommands,
  ...materialsCommands,
  ...paymentCommands,
  ...resultsCommands,
  ...admissionCommands,
];
