import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { MaterialCategoryView, MaterialFileView, MaterialsView, PhotoReviewView } from '@gradus/contract/doctor/materials-api';
import { changeLanguage } from '@/lib/i18n';
import { fail, mockApi, ok } from '@/test/api';
import { currentLocation, Wrapper } from '@/test/render';
import { acceptOf, precheck } from '@/lib/materials/checks';
import MaterialsPage from './pages/MaterialsPage';
import PhotoReviewPage from './pages/PhotoReviewPage';
import SupplementaryMaterialsPage from './pages/SupplementaryMaterialsPage';

const LIST = '/mucgrs-service/doctor/materials/list';
const UPLOAD = '/mucgrs-service/doctor/materials/upload';
const DELETE = '/mucgrs-service/doctor/materials/delete';
const REVIEW = '/mucgrs-service/doctor/materials/photoReview';

const show = (page: ReactNode) => render(<Wrapper>{page}</Wrapper>);

const file = (id: number, over: Partial<MaterialFileView> = {}): MaterialFileView => ({
  id,
  originalName: `file-${id}.pdf`,
  sizeBytes: 123_456,
  uploadedAt: '2026-11-20T08:00:00.000Z',
  type: 'pdf',
  filePath: `/zsData/doctor/x/${id}.pdf`,
  status: 'uploaded',
  reviewReason: null,
  ...over,
});
const category = (key: string, over: Partial<MaterialCategoryView> = {}): MaterialCategoryView => ({
  key,
  required: true,
  types: ['pdf'],
  maxKb: 10 * 1024,
  maxFiles: 2,
  template: null,
  isPhoto: false,
  canUpload: true,
  canDelete: true,
  files: [],
  ...over,
});
const view = (over: Partial<MaterialsView> = {}): MaterialsView => ({
  phase: 'application',
  lock: null,
  photoRules: { minWidth: 295, minHeight: 413, maxWidth: 1200, maxHeight: 1600, maxKb: 500 },
  requiredCount: 3,
  requiredDone: 1,
  categories: [
    category('idPhoto', { isPhoto: true, types: ['jpg'], maxKb: 500, maxFiles: 1 }),
    category('transcript', { files: [file(7, { originalName: '成绩单.pdf' })] }),
    category('expertRecommendation', { template: '/zsData/download/expert-recommendation-template.pdf' }),
    category('publications', { required: false, maxFiles: 5 }),
  ],
  ...over,
});

const cardOf = async (name: string) => (await screen.findByText(name, { selector: '.materials__card-title span' })).closest('.ant-card') as HTMLElement;
const choose = (card: HTMLElement, chosen: File) => fireEvent.change(card.querySelector('input[type="file"]')!, { target: { files: [chosen] } });

describe('materials page', () => {
  it('shows each category with its badge, rules, template and files, and the required count', async () => {
    const calls = mockApi({ [LIST]: () => ok(view()) });
    show(<MaterialsPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Electronic materials' })).toBeInTheDocument();
    expect(await screen.findByText('1 of 3 required categories uploaded')).toBeInTheDocument();
    expect(calls.find((c) => c.url === LIST)?.body).toEqual({ phase: 'application' });

    const transcript = await cardOf('Academic transcript');
    expect(within(transcript).getByText('Required')).toBeInTheDocument();
    expect(within(transcript).getByText('PDF, up to 2 files of up to 10 MB each')).toBeInTheDocument();
    expect(within(transcript).getByRole('button', { name: '成绩单.pdf' })).toBeInTheDocument();
    expect(within(await cardOf('Publications and research achievements')).getByText('Optional')).toBeInTheDocument();
    expect(within(await cardOf('Expert recommendation letters')).getByRole('button', { name: 'Download the template' })).toBeInTheDocument();

    const photo = await cardOf('ID photo');
    expect(within(photo).getByText('JPG, one file of up to 500 KB')).toBeInTheDocument();
    expect(within(photo).getByText('295–1200 pixels wide and 413–1600 pixels high')).toBeInTheDocument();
    expect(photo.querySelector('input[type="file"]')?.getAttribute('accept')).toBe('.jpg,.jpeg,image/jpeg');
  });

  it('uploads with the category before the file, then reloads the list', async () => {
    let lists = 0;
    const calls = mockApi({
      [LIST]: () => (++lists, ok(view())),
      [UPLOAD]: () => ok({ file: file(8), replacedFileId: null }),
    });
    show(<MaterialsPage />);
    const chosen = new File(['%PDF-1.4'], 'letter.pdf', { type: 'application/pdf' });
    choose(await cardOf('Expert recommendation letters'), chosen);
    await waitFor(() => expect(calls.some((c) => c.url === UPLOAD)).toBe(true));
    const form = calls.find((c) => c.url === UPLOAD)!.body as FormData;
    expect([...form.keys()]).toEqual(['category', 'file']);
    expect(form.get('category')).toBe('expertRecommendation');
    expect((form.get('file') as File).name).toBe('letter.pdf');
    await waitFor(() => expect(lists).toBe(2));
  });

  it('refuses a wrong type or an oversize file before uploading, saying why', async () => {
    const calls = mockApi({ [LIST]: () => ok(view()) });
    show(<MaterialsPage />);
    const transcript = await cardOf('Academic transcript');
    choose(transcript, new File(['x'], 'scan.png', { type: 'image/png' }));
    expect(await within(transcript).findByText('scan.png cannot be used here: this category accepts PDF files.')).toBeInTheDocument();
    const big = new File(['x'], 'big.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 11 * 1024 * 1024 });
    choose(transcript, big);
    expect(await within(transcript).findByText('big.pdf is larger than 10 MB, the limit for this category.')).toBeInTheDocument();
    expect(calls.some((c) => c.url === UPLOAD)).toBe(false);
  });

  it("shows the server's refusal next to the category", async () => {
    mockApi({ [LIST]: () => ok(view()), [UPLOAD]: () => fail(400, 'The photo is 200×300 px; it must be at least 295×413 px.') });
    show(<MaterialsPage />);
    const photo = await cardOf('ID photo');
    choose(photo, new File(['x'], 'me.jpg', { type: 'image/jpeg' }));
    expect(await within(photo).findByRole('alert')).toHaveTextContent('The photo is 200×300 px; it must be at least 295×413 px.');
  });

  it('replaces a file naming it, and deletes one after confirmation', async () => {
    const calls = mockApi({ [LIST]: () => ok(view()), [UPLOAD]: () => ok({ file: file(9), replacedFileId: 7 }), [DELETE]: () => ok() });
    show(<MaterialsPage />);
    const transcript = await cardOf('Academic transcript');
    fireEvent.change(within(transcript).getByRole('button', { name: 'Replace 成绩单.pdf' }).closest('.ant-upload')!.querySelector('input')!, {
      target: { files: [new File(['%PDF'], 'new.pdf', { type: 'application/pdf' })] },
    });
    await waitFor(() => expect(calls.some((c) => c.url === UPLOAD)).toBe(true));
    expect((calls.find((c) => c.url === UPLOAD)!.body as FormData).get('replaceFileId')).toBe('7');

    fireEvent.click(within(transcript).getByRole('button', { name: 'Delete 成绩单.pdf' }));
    expect(calls.some((c) => c.url === DELETE)).toBe(false);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.find((c) => c.url === DELETE)?.body).toEqual({ fileId: 7 }));
  });

  it('after submission shows files read-only with a note', async () => {
    const locked = view({ lock: 'submitted', categories: view().categories.map((c) => ({ ...c, canUpload: false, canDelete: false })) });
    mockApi({ [LIST]: () => ok(locked) });
    show(<MaterialsPage />);
    expect(await screen.findByText('Your registration form has been submitted, so these materials are shown read-only.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '成绩单.pdf' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Upload a file|Replace|Delete/ })).toBeNull();
    expect(document.querySelector('input[type="file"]')).toBeNull();
  });

  it('a rejected photo shows the reason and offers the replacement', async () => {
    const rejected = file(3, { originalName: 'me.jpg', type: 'jpg', status: 'rejected', reviewReason: 'Background is not plain' });
    mockApi({ [LIST]: () => ok(view({ lock: 'submitted', categories: [category('idPhoto', { isPhoto: true, types: ['jpg'], maxFiles: 1, canDelete: false, files: [rejected] })] })) });
    show(<MaterialsPage />);
    const photo = await cardOf('ID photo');
    expect(within(photo).getByText('Your photo was not accepted')).toBeInTheDocument();
    expect(within(photo).getByText('Background is not plain')).toBeInTheDocument();
    expect(within(photo).getByRole('button', { name: 'Replace me.jpg' })).toBeInTheDocument();
    expect(within(photo).queryByRole('button', { name: 'Delete me.jpg' })).toBeNull();
  });

  it('the supplementary page asks for its phase and says when it opens', async () => {
    const calls = mockApi({ [LIST]: () => ok(view({ phase: 'supplementary', lock: 'notSubmitted', requiredCount: 0, requiredDone: 0, photoRules: null, categories: [category('supplementary', { required: false, canUpload: false, canDelete: false })] })) });
    show(<SupplementaryMaterialsPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Upload electronic data' })).toBeInTheDocument();
    expect(await screen.findByText('You can upload supplementary materials once you have submitted your registration form.')).toBeInTheDocument();
    expect(calls.find((c) => c.url === LIST)?.body).toEqual({ phase: 'supplementary' });
    expect(screen.queryByText(/required categories uploaded/)).toBeNull();
  });

  it('speaks the reader’s language', async () => {
    await changeLanguage('zh-CN');
    mockApi({ [LIST]: () => ok(view()) });
    show(<MaterialsPage />);
    expect(await screen.findByText('必传类别已上传 1 / 3 项')).toBeInTheDocument();
    expect(await cardOf('成绩单')).toBeInTheDocument();
  });
});

describe('photo review page', () => {
  it('says "not yet published" until release', async () => {
    mockApi({ [REVIEW]: () => ok({ published: false } satisfies PhotoReviewView) });
    show(<PhotoReviewPage />);
    expect(await screen.findByText('Not yet published')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Photo review result' })).toBeInTheDocument();
  });

  it('shows a rejection with its reason and leads to the upload page', async () => {
    mockApi({
      [REVIEW]: () => ok({ published: true, status: 'rejected', reason: 'Background is not plain', reviewedAt: '2027-01-10T02:00:00.000Z', filePath: null, canReplace: true } satisfies PhotoReviewView),
    });
    show(<PhotoReviewPage />);
    expect(await screen.findByText('Your photo was not accepted')).toBeInTheDocument();
    expect(screen.getByText('Background is not plain')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Upload a new photo' }));
    await waitFor(() => expect(currentLocation()).toBe('/doctorRegister/fileManage'));
  });

  it('shows an approval without a replace button', async () => {
    mockApi({ [REVIEW]: () => ok({ published: true, status: 'approved', reason: null, reviewedAt: '2027-01-10T02:00:00.000Z', filePath: null, canReplace: false } satisfies PhotoReviewView) });
    show(<PhotoReviewPage />);
    expect(await screen.findByText('Your photo has been approved')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /photo/ })).toBeNull();
  });

  it('offers a retry when the call fails', async () => {
    let attempts = 0;
    mockApi({ [REVIEW]: () => (++attempts === 1 ? { status: 503, data: '' } : ok({ published: false })) });
    show(<PhotoReviewPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Not yet published')).toBeInTheDocument();
  });
});

describe('client pre-checks', () => {
  it('judge the extension and size; the server judges the content', () => {
    const pdfOnly = { types: ['pdf'] as const, maxKb: 100 };
    expect(precheck({ name: 'a.PDF', size: 10 }, { ...pdfOnly, types: ['pdf'] })).toBeNull();
    expect(precheck({ name: 'photo.jpeg', size: 10 }, { types: ['jpg'], maxKb: 100 })).toBeNull();
    expect(precheck({ name: 'noext', size: 10 }, { ...pdfOnly, types: ['pdf'] })).toEqual({ key: 'materials.check.type', types: 'PDF' });
    expect(precheck({ name: 'a.pdf', size: 0 }, { ...pdfOnly, types: ['pdf'] })).toEqual({ key: 'materials.check.empty' });
    expect(precheck({ name: 'a.pdf', size: 100 * 1024 + 1 }, { ...pdfOnly, types: ['pdf'] })).toEqual({ key: 'materials.check.size', limit: '100 KB' });
    expect(acceptOf(['pdf', 'png'])).toBe('.pdf,application/pdf,.png,image/png');
  });
});
