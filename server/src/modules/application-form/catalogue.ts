import type { DB } from '../../db/database';

/** A research direction of a programme with its supervisors, as every area's catalogue shows it. */
export interface DirectionView {
  id: number;
  code: string;
  nameZh: string;
  nameEn: string;
  supervisors: { id: number; name: string; titleZh: string; titleEn: string }[];
}

/** The research directions (with their supervisors) of each of these programmes, by programme id. */
export async function directionsOf(db: DB, programmeIds: readonly number[]): Promise<Map<number, DirectionView[]>> {
  const out = new Map<number, DirectionView[]>();
  if (programmeIds.length === 0) return out;
  const directions = await db.selectFrom('research_direction').select(['id', 'programme_id', 'code', 'name_zh', 'name_en']).where('programme_id', 'in', programmeIds).orderBy('code').execute();
  const supervisors = directions.length
    ? await db
        .selectFrom('supervisor')
        .select(['id', 'direction_id', 'name', 'title_zh', 'title_en'])
        .where(
          'direction_id',
          'in',
          directions.map((d) => d.id),
        )
        .orderBy('id')
        .execute()
    : [];
  for (const r of directions) {
    const list = out.get(r.programme_id) ?? [];
    list.push({
      id: r.id,
      code: r.code,
      nameZh: r.name_zh,
      nameEn: r.name_en,
      supervisors: supervisors.filter((s) => s.direction_id === r.id).map((s) => ({ id: s.id, name: s.name, titleZh: s.title_zh, titleEn: s.title_en })),
    });
    out.set(r.programme_id, list);
  }
  return out;
}

/**
 * The chosen direction must be of the chosen programme, the chosen supervisor of the chosen
 * direction: the fields of `choice` that are not (or name nothing), checked against the database itself.
 */
export async function strayChoices(db: DB, choice: { programmeId?: number | undefined; directionId?: number | undefined; supervisorId?: number | undefined }): Promise<('directionId' | 'supervisorId')[]> {
  const stray: ('directionId' | 'supervisorId')[] = [];
  const { programmeId, directionId, supervisorId } = choice;
  if (directionId !== undefined) {
    const row = await db.selectFrom('research_direction').select('programme_id').where('id', '=', directionId).executeTakeFirst();
    if (!row || programmeId === undefined || row.programme_id !== programmeId) stray.push('directionId');
  }
  if (supervisorId !== undefined) {
    const row = await db.selectFrom('supervisor').select('direction_id').where('id', '=', supervisorId).executeTakeFirst();
    if (!row || directionId === undefined || row.direction_id !== directionId) stray.push('supervisorId');
  }
  return stray;
}
