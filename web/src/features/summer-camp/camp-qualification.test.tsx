import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { MaterialsView } from '@gradus/contract/doctor/materials-api';
import type { CampFormDetailView } from '@gradus/contract/summer-camp/form';
import type { CampQualificationPlace, CampQualificationView } from '@gradus/contract/summer-camp/qualification';
import { download } from '@/lib/download';
import { fail, mockApi, ok } from '@/test/api';
import { Wrapper } from '@/test/render';
import CampQualificationPage from './pages/CampQualificationPage';
import CampRegisterInfoPage from './pages/CampRegisterInfoPage';

const DETAIL = '/mucgrs-service/summerCamp/qualification/detail';
const CONFIRM = '/mucgrs-service/summerCamp/qualification/confirm';
const DECLINE = '/mucgrs-service/summerCamp/qualification/decline';
const UNDO = '/mucgrs-service/summerCamp/qualification/undoDecline';
const NOTICE = '/mucgrs-service/summerCamp/qualification/noticePdf';
const FORM = '/mucgrs-service/summerCamp/form/detail';
const CATALOGUE = '/mucgrs-service/summerCamp/form/catalogue';
const MATERIALS = '/mucgrs-service/summerCamp/materials/list';

// The server's clock; the offer's deadline is 2 days, 5 hours and 13 minutes later (14:13 in Beijing).
const NOW = '2027-06-28T01:00:00.000Z';
const CONFIRM_BY = '2027-06-30T06:13:00.000Z';
const DEADLINE = /Jun 30, 2027, 2:13\sPM \(Beijing time\)/;
const STALE = 'Your camp place has changed since this page was loaded. Reload the page to see where it stands.';

const place = (over: Partial<CampQualificationPlace> = {}): CampQualificationPlace => ({
  status: 'offered',
  version: 3,
  waitlistPosition: null,
  confirmBy: CONFIRM_BY,
  offeredAt: '2027-06-20T02:00:00.000Z',
  answeredAt: null,
  canConfirm: true,
  canDecline: true,
  canUndoDecline: false,
  undoUntil: CONFIRM_BY,
  ...over,
});

function view(over: Partial<CampQualificationView> = {}, undoable = true): CampQualificationView {
  // No camp result released in these tests.
  const released = { result: null };
  return {
    ...released,
    now: NOW,
    recruitYear: '2027',
    application: { state: 'eligible', submittedAt: '2027-05-20T03:00:00.000Z', returnedUntil: null, schoolReview: 'pass', officeReview: 'pass', reason: null },
    place: place(),
    camp: {
      nameZh: '2027 计算机夏令营',
      nameEn: 'Computing Summer Camp 2027',
      startsOn: '2027-07-10',
      endsOn: '2027-07-14',
      mode: 'onsite',
      placeZh: '北京',
      placeEn: 'Beijing',
      confirmClosesAt: CONFIRM_BY,
      declineUndoable: undoable,
      ratesCampers: true,
    },
    programme: { code: '081200', nameZh: '计算机科学与技术', nameEn: 'Computer Science and Technology' },
    ...over,
  };
}

const showQualification = () =>
  render(
    <Wrapper>
      <CampQualificationPage />
    </Wrapper>,
  );
const confirmDialog = async () => (await screen.findByRole('dialog')) as HTMLElement;
const detailCalls = (calls: { url: string }[]) => calls.filter((c) => c.url === DETAIL).length;

afterEach(() => vi.restoreAllMocks());

describe('CampQualificationPage', () => {
  it('shows an offer with its deadline in Beijing time and a countdown, and confirming it shows the notice', async () => {
    const calls = mockApi({
      [DETAIL]: () => ok(view()),
      [CONFIRM]: () => ok(view({ place: place({ status: 'confirmed', version: 4, canConfirm: false }) })),
    });
    showQualification();
    expect(await screen.findByText('A camp place is offered to you')).toBeInTheDocument();
    expect(screen.getAllByText(DEADLINE).length).toBeGreaterThan(0);
    const timer = screen.getByRole('timer', { name: /Time left to answer, until Jun 30, 2027/ });
    expect(timer).toHaveTextContent('2 d 5 h 13 min left');
    expect(timer).not.toHaveAttribute('aria-live');
    expect(screen.getByText('Computing Summer Camp 2027')).toBeInTheDocument();
    expect(screen.getByText('Computer Science and Technology (081200)')).toBeInTheDocument();
    expect(screen.getByText('Jul 10, 2027 – Jul 14, 2027')).toBeInTheDocument();
    expect(screen.getByText('Beijing')).toBeInTheDocument();
    expect(screen.getByText('A camp place is not an admission')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Confirm my place' }));
    await waitFor(() => expect(calls.find((c) => c.url === CONFIRM)?.body).toEqual({ version: 3 }));
    expect(await screen.findByText('You have confirmed your camp place')).toBeInTheDocument();
    expect(await screen.findByText('Your camp place is confirmed.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open camp-entry notice (PDF)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Give up my place' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm my place' })).toBeNull();
    expect(screen.queryByRole('timer')).toBeNull();
    // The reply was shown as it came: the place was not read again.
    expect(detailCalls(calls)).toBe(1);
  });

  it('counts down by the server’s clock, whatever the device’s clock says', async () => {
    const real = Date.now.bind(Date);
    vi.spyOn(Date, 'now').mockImplementation(() => real() + 400 * 24 * 3600_000);
    mockApi({ [DETAIL]: () => ok(view()) });
    showQualification();
    expect(await screen.findByRole('timer')).toHaveTextContent('2 d 5 h 13 min left');
  });

  it('opens the camp-entry notice of a confirmed place', async () => {
    const open = vi.spyOn(download, 'open').mockReturnValue(true);
    const calls = mockApi({
      [DETAIL]: () => ok(view({ place: place({ status: 'confirmed', canConfirm: false }) })),
      [NOTICE]: () => ({ data: new Blob(['%PDF-1.7'], { type: 'application/pdf' }), headers: { 'content-type': 'application/pdf' } }),
    });
    showQualification();
    fireEvent.click(await screen.findByRole('button', { name: 'Open camp-entry notice (PDF)' }));
    await waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    expect(calls.find((c) => c.url === NOTICE)?.body).toEqual({});
  });

  it('asks before declining, says until when it can be undone, and keeps the place on “Keep my place”', async () => {
    const calls = mockApi({
      [DETAIL]: () => ok(view()),
      [DECLINE]: () => ok(view({ place: place({ status: 'declined', version: 4, canConfirm: false, canDecline: false, canUndoDecline: true }) })),
    });
    showQualification();
    fireEvent.click(await screen.findByRole('button', { name: 'Decline the place' }));
    let dialog = await confirmDialog();
    expect(screen.getByRole('dialog', { name: 'Decline this camp place?' })).toBe(dialog);
    expect(dialog).toHaveTextContent('offered at once to the next camper on the waiting list');
    expect(dialog).toHaveTextContent(/You can undo this until Jun 30, 2027, 2:13\sPM \(Beijing time\), but only while nobody else has taken the place\./);
    // By keyboard: the dialog opens on "Keep my place", so a slip of Enter keeps the place.
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Keep my place' })).toHaveFocus());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep my place' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.url === DECLINE)).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Decline the place' }));
    dialog = await confirmDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline the place' }));
    await waitFor(() => expect(calls.find((c) => c.url === DECLINE)?.body).toEqual({ version: 3 }));
    expect(await screen.findByText('You have declined your camp place')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Undo my decline' })).toBeInTheDocument();
  });

  it('says a decline cannot be undone where the camp does not allow it, also when giving up a confirmed place', async () => {
    mockApi({ [DETAIL]: () => ok(view({ place: place({ status: 'confirmed', canConfirm: false, undoUntil: null }) }, false)) });
    showQualification();
    fireEvent.click(await screen.findByRole('button', { name: 'Give up my place' }));
    const dialog = await confirmDialog();
    expect(dialog).toHaveTextContent('Give up your camp place?');
    expect(dialog).toHaveTextContent('This cannot be undone.');
    expect(dialog).not.toHaveTextContent(/undo this until/);
  });

  it('shows the server’s refusal and reads the place again', async () => {
    let current = view();
    const calls = mockApi({
      [DETAIL]: () => ok(current),
      [CONFIRM]: () => {
        current = view({ place: place({ status: 'expired', version: 4, canConfirm: false, canDecline: false }) });
        return fail(409, STALE);
      },
    });
    showQualification();
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm my place' }));
    expect(await screen.findByText(STALE)).toBeInTheDocument();
    expect(await screen.findByText('The deadline to answer has passed')).toBeInTheDocument();
    expect(detailCalls(calls)).toBe(2);
    expect(screen.queryByRole('button', { name: 'Confirm my place' })).toBeNull();
    expect(screen.queryByText('Your camp place is confirmed.')).toBeNull();
  });

  it('shows a waiting camper their position, and no buttons', async () => {
    mockApi({ [DETAIL]: () => ok(view({ place: place({ status: 'waitlisted', waitlistPosition: 2, confirmBy: null, offeredAt: null, canConfirm: false, canDecline: false, undoUntil: null }) })) });
    showQualification();
    expect(await screen.findByText('You are on the waiting list')).toBeInTheDocument();
    expect(screen.getByText(/You are number 2 on the waiting list for this programme\./)).toBeInTheDocument();
    expect(screen.getByText(/we will email you/)).toBeInTheDocument();
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    expect(screen.queryByRole('timer')).toBeNull();
  });

  it('shows an ineligible camper the reason', async () => {
    mockApi({
      [DETAIL]: () =>
        ok(view({ place: null, application: { state: 'ineligible', submittedAt: '2027-05-20T03:00:00.000Z', returnedUntil: null, schoolReview: 'pass', officeReview: 'fail', reason: 'Your rank certificate is not signed by the school.' } })),
    });
    showQualification();
    expect(await screen.findByText('Your camp application was not found eligible')).toBeInTheDocument();
    expect(screen.getByText('Your rank certificate is not signed by the school.')).toBeInTheDocument();
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });

  it('offers the undo only when the server allows it', async () => {
    const declined = place({ status: 'declined', canConfirm: false, canDecline: false, canUndoDecline: false });
    mockApi({ [DETAIL]: () => ok(view({ place: declined })) });
    const first = showQualification();
    expect(await screen.findByText('You have declined your camp place')).toBeInTheDocument();
    expect(screen.getByText('This decline can no longer be undone.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Undo my decline' })).toBeNull();
    first.unmount();

    const calls = mockApi({ [DETAIL]: () => ok(view({ place: { ...declined, canUndoDecline: true } })), [UNDO]: () => ok(view({ place: place({ version: 4 }) })) });
    showQualification();
    fireEvent.click(await screen.findByRole('button', { name: 'Undo my decline' }));
    await waitFor(() => expect(calls.find((c) => c.url === UNDO)?.body).toEqual({ version: 3 }));
    expect(await screen.findByText('A camp place is offered to you')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirm my place' })).toBeInTheDocument();
  });

  it('labels the camp of an eligible camper without a place as their first choice', async () => {
    mockApi({ [DETAIL]: () => ok(view({ place: null })) });
    showQualification();
    expect(await screen.findByText('You are eligible for the summer camp')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your first choice' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your camp' })).toBeNull();
  });

  it('shows a released camp result first, says it is not an admission, and gives the national system’s dates', async () => {
    const result = { attendance: 'attended', rating: 'outstanding', ratesCampers: true, nationalSystemWindow: '2027年9月28日至10月20日' } as const;
    mockApi({ [DETAIL]: () => ok(view({ place: place({ status: 'confirmed', canConfirm: false }), result })) });
    showQualification();
    const heading = await screen.findByRole('heading', { name: 'Your camp result' });
    const card = heading.closest<HTMLElement>('.ant-card')!;
    expect(within(card).getByText('Outstanding camper')).toBeInTheDocument();
    expect(within(card).getByText('The camp rated you an outstanding camper.')).toBeInTheDocument();
    expect(within(card).getByText('A camp result is not an admission')).toBeInTheDocument();
    expect(within(card).getByText(/counts only through the national recommended-exemption \(tuimian\) system: you must apply there, within its dates, and only for the same programme/)).toBeInTheDocument();
    expect(within(card).getByText('The national system takes applications 2027年9月28日至10月20日.')).toBeInTheDocument();
    // Above the place, where the camper looks first.
    expect(heading.compareDocumentPosition(screen.getByText('You have confirmed your camp place')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows a camp that rates nobody as attended, and an absence, without dates when none are set', async () => {
    mockApi({ [DETAIL]: () => ok(view({ place: place({ status: 'confirmed', canConfirm: false }), result: { attendance: 'attended', rating: 'notRated', ratesCampers: false, nationalSystemWindow: null } })) });
    const first = showQualification();
    const card = (await screen.findByRole('heading', { name: 'Your camp result' })).closest<HTMLElement>('.ant-card')!;
    expect(within(card).getByText('Attended')).toBeInTheDocument();
    expect(within(card).getByText(/This camp is an activity only and rates nobody\./)).toBeInTheDocument();
    expect(within(card).getByText('A camp result is not an admission')).toBeInTheDocument();
    expect(within(card).queryByText(/The national system takes applications/)).toBeNull();
    first.unmount();

    mockApi({ [DETAIL]: () => ok(view({ place: place({ status: 'confirmed', canConfirm: false }), result: { attendance: 'absent', rating: null, ratesCampers: true, nationalSystemWindow: null } })) });
    showQualification();
    const absent = (await screen.findByRole('heading', { name: 'Your camp result' })).closest<HTMLElement>('.ant-card')!;
    expect(within(absent).getByText('Absent')).toBeInTheDocument();
    expect(within(absent).queryByText('Outstanding camper')).toBeNull();
  });

  it('shows no camp result before it is released', async () => {
    mockApi({ [DETAIL]: () => ok(view({ place: place({ status: 'confirmed', canConfirm: false }) })) });
    showQualification();
    expect(await screen.findByText('You have confirmed your camp place')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your camp result' })).toBeNull();
    expect(screen.getByText('A camp place is not an admission')).toBeInTheDocument();
  });

  it('sends a camper with a draft to the application form', async () => {
    mockApi({ [DETAIL]: () => ok(view({ place: null, camp: null, programme: null, application: { state: 'draft', submittedAt: null, returnedUntil: null, schoolReview: 'pending', officeReview: 'pending', reason: null } })) });
    showQualification();
    expect(await screen.findByText('Your camp application has not been submitted yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the application form' })).toHaveAttribute('href', '/summerCampRegister/summerCampApply');
  });
});

const formDetail = (over: Partial<CampFormDetailView> = {}): CampFormDetailView => ({
  status: 'submitted',
  version: 3,
  sections: { contact: { mobile: '13800138001', email: 'li.na@example.edu' }, statement: { text: 'I want to study language technology.' } },
  savedAt: '2027-05-20T03:00:00.000Z',
  submittedAt: '2027-05-20T03:00:00.000Z',
  reopenedSections: [],
  returnReason: null,
  returnedUntil: null,
  personal: { name: '李娜', sex: '1', idType: '1', idNumber: '110***********002X', registerNo: '2027300001', registerType: 3, recruitYear: '2027', email: 'li.na@example.edu', mobile: '13800138001' },
  submission: { opensAt: null, closesAt: '2027-06-15T00:00:00.000Z', open: true, closed: false },
  missingMaterials: [],
  ...over,
});
const materials: MaterialsView = {
  phase: 'application',
  lock: 'submitted',
  photoRules: null,
  requiredCount: 2,
  requiredDone: 1,
  categories: [
    { key: 'transcript', required: true, types: ['pdf'], maxKb: 10240, maxFiles: 3, minFiles: 1, template: null, isPhoto: false, canUpload: false, canDelete: false, files: [{ id: 5, originalName: 'transcript.pdf', sizeBytes: 2048, uploadedAt: '2027-05-19T08:00:00.000Z', type: 'pdf', filePath: '/zsData/summerCamp/5.pdf', status: 'uploaded', reviewReason: null }] },
    { key: 'refereeLetter', required: true, types: ['pdf'], maxKb: 10240, maxFiles: 3, minFiles: 2, template: null, isPhoto: false, canUpload: false, canDelete: false, files: [] },
  ],
};

describe('CampRegisterInfoPage', () => {
  const showInfo = () =>
    render(
      <Wrapper>
        <CampRegisterInfoPage />
      </Wrapper>,
    );

  it('shows the progress step by step, the application as submitted and the materials', async () => {
    mockApi({
      [DETAIL]: () => ok(view({ place: null, application: { state: 'underReview', submittedAt: '2027-05-20T03:00:00.000Z', returnedUntil: null, schoolReview: 'pass', officeReview: 'pending', reason: null } })),
      [FORM]: () => ok(formDetail()),
      [CATALOGUE]: () => ok({ camps: [] }),
      [MATERIALS]: () => ok(materials),
    });
    showInfo();
    expect(await screen.findByText('Application submitted')).toBeInTheDocument();
    const step = (title: string) => screen.getByText(title).closest('.ant-steps-item') as HTMLElement;
    expect(step('Application submitted')).toHaveTextContent(/Submitted on May 20, 2027/);
    expect(step('School review')).toHaveTextContent('Passed');
    expect(step('Graduate school review')).toHaveTextContent('Under review');
    expect(step('Camp place')).toHaveTextContent('Not yet');
    expect(screen.getByRole('link', { name: 'See your camp place' })).toHaveAttribute('href', '/summerCampQualification/index');
    // The application read-only.
    expect(await screen.findByText('李娜')).toBeInTheDocument();
    expect(screen.getByText('I want to study language technology.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();
    // The materials in brief.
    expect(await screen.findByText('1 of 2 required categories uploaded')).toBeInTheDocument();
    expect(screen.getByText('Academic transcript').closest('li')).toHaveTextContent('Uploaded: 1');
    expect(screen.getByText('Referee letters').closest('li')).toHaveTextContent('0 of 2');
    expect(screen.getByRole('link', { name: 'Go to the materials page' })).toHaveAttribute('href', '/summerCampRegister/summerCampUploadFile');
  });

  it('shows a confirmed place as the last step done, and a draft as not submitted with a link to the form', async () => {
    mockApi({
      [DETAIL]: () => ok(view({ place: place({ status: 'confirmed', canConfirm: false }) })),
      [FORM]: () => ok(formDetail({ status: 'draft', submittedAt: null })),
      [CATALOGUE]: () => ok({ camps: [] }),
      [MATERIALS]: () => ok(materials),
    });
    showInfo();
    expect(await screen.findByText('Confirmed')).toBeInTheDocument();
    expect(screen.getByText('Camp place').closest('.ant-steps-item')).toHaveClass('ant-steps-item-finish');
    expect(await screen.findByText('Your application has not been submitted yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the application form' })).toHaveAttribute('href', '/summerCampRegister/summerCampApply');
  });
});
