import type { DB } from '../../../db/database';

/** What admission paperwork borrows from the application form: the contact section and the programme. */
export interface FormFacts {
  contact: { recipient?: string; mobile?: string; province?: string; city?: string; address?: string; postcode?: string };
  programme: { nameZh: string; nameEn: string } | null;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The first non-empty text among a section's possible field names. */
function text(section: Json, ...names: string[]): string | undefined {
  for (const name of names) {
    const v = section[name];
    if (typeof v === 'string' && v.trim()) return v.trim();
  }
  return undefined;
}

/**
 * Reads the form leniently: a form saved by an older version, a draft with half a section, or no
 * form at all only means fewer suggestions, never a failed call.
 */
export async function formFacts(db: DB, applicant: { userId: number; recruitYear: string }): Promise<FormFacts> {
  const row = await db
    .selectFrom('application_form')
    .select('sections_json')
    .where('user_id', '=', applicant.userId)
    .where('recruit_year', '=', applicant.recruitYear)
    .where('area', '=', 'doctor')
    .executeTakeFirst();
  let sections: Json = {};
  try {
    const parsed: unknown = row ? JSON.parse(row.sections_json) : {};
    if (isObject(parsed)) sections = parsed;
  } catch {
    // unreadable form: no suggestions
  }
  const contact = isObject(sections.contact) ? sections.contact : {};
  const facts: FormFacts = {
    contact: {
      recipient: text(contact, 'recipient', 'mailingRecipient'),
      mobile: text(contact, 'mobile', 'phone'),
      province: text(contact, 'province', 'mailingProvince'),
      city: text(contact, 'city', 'mailingCity'),
      address: text(contact, 'mailingAddress', 'address'),
      postcode: text(contact, 'postcode', 'postalCode', 'mailingPostcode', 'zipCode'),
    },
    programme: null,
  };
  // The programme is chosen in whichever section holds the catalogue choice; look for its id.
  for (const section of Object.values(sections)) {
    if (!isObject(section)) continue;
    const id = Number(section.programmeId);
    if (!Number.isInteger(id) || id <= 0) continue;
    const programme = await db.selectFrom('programme').select(['name_zh', 'name_en']).where('id', '=', id).executeTakeFirst();
    if (programme) facts.programme = { nameZh: programme.name_zh, nameEn: programme.name_en };
    break;
  }
  return facts;
}
