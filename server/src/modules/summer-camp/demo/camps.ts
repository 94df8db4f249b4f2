/** The demo's camps of the current year (issue #11), each with its calendar in days from the demo's start. */

export interface DemoCamp {
  nameZh: string;
  nameEn: string;
  /** The school running it (department code), or none for a camp of several schools. */
  department: string | null;
  mode: 'onsite' | 'online';
  placeZh: string | null;
  placeEn: string | null;
  ratesCampers: boolean;
  programmes: readonly { code: string; capacity: number }[];
  /** When it runs, in days from the demo's start; the summer camps by default (DEFAULT_DAYS). */
  days?: CampDays;
}

/** A camp's calendar in days from now: applications, confirmation deadline, first and last day. */
export interface CampDays {
  opens: number;
  closes: number;
  confirm: number;
  starts: number;
  ends: number;
}
export const DEFAULT_DAYS: CampDays = { opens: -10, closes: 30, confirm: 45, starts: 60, ends: 64 };

export const DEMO_CAMPS: readonly DemoCamp[] = [
  {
    nameZh: '民族学与社会学学院优秀大学生夏令营',
    nameEn: 'School of Ethnology and Sociology summer camp',
    department: 'ETH',
    mode: 'onsite',
    placeZh: '中央民族大学 文华楼',
    placeEn: 'Minzu University of China, Wenhua Building',
    ratesCampers: true,
    programmes: [
      { code: 'ETH-MS-030300', capacity: 30 },
      // Two places, both taken: the waiting list of demo/admission.ts waits for one to free.
      { code: 'ETH-PHD-030400', capacity: 2 },
    ],
  },
  {
    nameZh: '计算机科学与技术学院线上夏令营',
    nameEn: 'School of Computer Science and Technology online summer camp',
    department: 'CS',
    mode: 'online',
    placeZh: null,
    placeEn: null,
    ratesCampers: false,
    // The demo secretary's school, so they have camp applications to review. The School of
    // Economics has no camp in the demo: the office's browser test sets one up.
    programmes: [{ code: 'CS-MS-081200', capacity: 15 }],
  },
  {
    // Held already: its campers' results are recorded (demo/admission.ts), for the office to release.
    nameZh: '计算机科学与技术学院博士生学术夏令营',
    nameEn: 'School of Computer Science and Technology doctoral camp',
    department: 'CS',
    mode: 'onsite',
    placeZh: '中央民族大学 理工楼',
    placeEn: 'Minzu University of China, Science Building',
    ratesCampers: true,
    programmes: [{ code: 'CS-PHD-081200', capacity: 3 }],
    days: { opens: -70, closes: -40, confirm: -20, starts: -5, ends: -1 },
  },
];

/** The calendar of the demo camp recruiting for a programme. */
export const demoCampDays = (programmeCode: string): CampDays => DEMO_CAMPS.find((c) => c.programmes.some((p) => p.code === programmeCode))?.days ?? DEFAULT_DAYS;

