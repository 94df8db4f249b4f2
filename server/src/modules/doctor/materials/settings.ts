import type { DB } from '../../../db/database';
import { materialSettings as settingsOf, type MaterialSettings } from '../../materials/settings';
import { DOCTOR_MATERIALS } from './area';

/** The doctor area's categories and photo rules (the engine's settings, read on every call). */
export const materialSettings = (db: DB): Promise<MaterialSettings> => settingsOf(db, DOCTOR_MATERIALS);
