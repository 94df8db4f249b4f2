import type { FormSection } from '@gradus/contract';
import type { DB } from '../../../db/database';
import * as engine from '../../application-form/staff';
import { doctorForm } from './definition';

/** Returning a doctoral form (the back office, `npm run admin -- return-form`): the form engine's return with the doctoral definition. */
export const returnForm = (db: DB, now: number, input: Parameters<typeof engine.returnForm<FormSection>>[3]) =>
  engine.returnForm<FormSection>(doctorForm, db, now, input);
