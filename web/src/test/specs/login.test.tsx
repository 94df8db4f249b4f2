import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { loginCall } from '../../features/auth/api/login';
import { doctorUser, fail, mockApi, ok, sessionRoutes } from '../api';
import { currentLocation, renderApp } from '../render';

const user = () => userEvent.setup({ delay: null, pointerEventsCheck: 0 });
/** Sets a field's value at once (userEvent types key by key, which is slow with antd in jsdom). */
function fill(el: HTMLElement | Promise<HTMLElement>, value: string) {
  const apply = (node: HTMLElement) => fireEvent.change(node, { target: { value } });
  return el instanceof Promise ? el.then(apply) : apply(el);
}

async function chooseType(label: string) {
  await user().click(within(screen.getByRole('radiogroup', { name: 'Applicant type' })).getByRole('radio', { name: label }));
}

describe('login screen labels', () => {
  it('title, login button, forgot registration number, forgot password, register, captcha', async () => {
    mockApi(sessionRoutes(doctorUser()));
    renderApp('/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot registration number?' })).toHaveAttribute('href', '/login/forgot-number');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/login/forgot-password');
    expect(screen.getByRole('link', { name: 'No account? Register now' })).toHaveAttribute('href', '/login/register');
    expect(screen.getByLabelText('Registration number')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    expect(screen.getByLabelText('Verification code')).toBeInTheDocument();
    expect(await screen.findByTestId('captcha-image')).toHaveAttribute('src', expect.stringContaining('data:image/png'));
    expect(screen.getByRole('button', { name: 'Get a new code image' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Full name')).toBeNull();
  });

  it('summer camp and tuimian (types 3, 5) also ask the name and the candidate number', async () => {
    mockApi(sessionRoutes(doctorUser()));
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Sign in' });
    await chooseType('Summer camp applicant');
    expect(await screen.findByLabelText('Full name')).toBeInTheDocument();
    expect(screen.getByLabelText('Candidate number')).toBeInTheDocument();
  });

  it('staff sign in on the same page with a login name', async () => {
    mockApi(sessionRoutes(doctorUser()));
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Sign in' });
    await user().click(screen.getByText('Staff'));
    expect(await screen.findByLabelText('Login name')).toBeInTheDocument();
    expect(screen.queryByLabelText('Applicant type')).toBeNull();
    expect(screen.queryByRole('link', { name: 'No account? Register now' })).toBeNull();
  });

  it('the register type decides the call: 3 and 5 use masterLogin', () => {
    const base = { password: 'p', code: '1234', uuid: 'u' };
    expect(loginCall({ kind: 'applicant', userRegisterType: 1, number: '2027100001', ...base })).toEqual({
      url: '/api/v1/client/loginRecruit',
      body: { userRegisterType: 1, registerNo: '2027100001', ...base },
    });
    expect(loginCall({ kind: 'applicant', userRegisterType: 5, number: '2027500001', name: '王芳', ...base })).toEqual({
      url: '/api/v1/client/masterLogin',
      body: { userRegisterType: 5, candidateNo: '2027500001', name: '王芳', ...base },
    });
    expect(loginCall({ kind: 'staff', loginName: 'admin', ...base })).toEqual({ url: '/api/v1/client/loginRecruit', body: { loginName: 'admin', ...base } });
  });

  it('signs in, stores the token and follows a same-origin redirect', async () => {
    const calls = mockApi({ ...sessionRoutes(doctorUser()), '/api/v1/client/loginRecruit': () => ok({ token: 'tok-1' }) });
    renderApp('/login?redirect=%2Fprofile%3Ftab%3D2');
    await screen.findByTestId('captcha-image');
    const u = user();
    fill(screen.getByLabelText('Registration number'), '2027100001');
    fill(screen.getByLabelText('Password'), 'Gradus-demo-2027');
    fill(screen.getByLabelText('Verification code'), '1234');
    await u.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'My account' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/profile?tab=2');
    expect(Cookies.get('Admin-Token')).toBe('tok-1');
    const login = calls.find((c) => c.url === '/api/v1/client/loginRecruit');
    expect(login?.body).toEqual({ userRegisterType: 1, registerNo: '2027100001', password: 'Gradus-demo-2027', code: '1234', uuid: '00000000-0000-4000-8000-000000000001' });
  });

  it('a foreign redirect is ignored; a failed sign-in refreshes the captcha and clears the code', async () => {
    let attempt = 0;
    const calls = mockApi({
      ...sessionRoutes(doctorUser()),
      '/api/v1/client/loginRecruit': () => (++attempt === 1 ? fail(1001, 'Wrong verification code') : ok({ token: 'tok-2' })),
    });
    renderApp('/login?redirect=https%3A%2F%2Fevil.example%2F');
    await screen.findByTestId('captcha-image');
    const u = user();
    fill(screen.getByLabelText('Registration number'), '2027100001');
    fill(screen.getByLabelText('Password'), 'Gradus-demo-2027');
    fill(screen.getByLabelText('Verification code'), '9999');
    await u.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Wrong verification code')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Verification code')).toHaveValue(''));
    expect(calls.filter((c) => c.url === '/api/v1/client/RandomImage').length).toBeGreaterThanOrEqual(2);
    fill(screen.getByLabelText('Verification code'), '1234');
    await u.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(currentLocation()).toBe('/dashboard'));
  });

  it('bad input gets a clear, translated message and calls nothing', async () => {
    const calls = mockApi(sessionRoutes(doctorUser()));
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Sign in' });
    const u = user();
    fill(screen.getByLabelText('Registration number'), '12ab');
    await u.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Registration number consists of 6 to 20 digits.')).toBeInTheDocument();
    expect(await screen.findByText('Please enter Password.')).toBeInTheDocument();
    expect(calls.some((c) => c.url.includes('login'))).toBe(false);
  });
});

describe('register', () => {
  it('validates the ID number as you type with the spec rules', async () => {
    mockApi(sessionRoutes(doctorUser()));
    renderApp('/login/register');
    await screen.findByRole('heading', { name: 'Create your account' });
    const id = screen.getByLabelText('ID number');
    fill(id, '1101051949');
    expect(await screen.findByText('A mainland ID number has 18 characters.')).toBeInTheDocument();
    fill(id, '110105194912310021');
    expect(await screen.findByText('The last character does not match; please check the ID number.')).toBeInTheDocument();
    fill(id, '');
    fill(id, '11010519491231002X');
    await waitFor(() => expect(screen.queryByText(/does not match/)).toBeNull());
    // The sex follows from a valid mainland ID.
    expect(screen.getByRole('radio', { name: 'Female' })).toBeChecked();
  });

  it('shows the issued number clearly at the end with a hint to write it down', async () => {
    const calls = mockApi({ ...sessionRoutes(doctorUser()), '/api/v1/client/recruitRegister': () => ok({ registerNo: '2027100042' }) });
    renderApp('/login/register');
    await screen.findByRole('heading', { name: 'Create your account' });
    await screen.findByTestId('captcha-image');
    const u = user();
    fill(screen.getByLabelText('Full name'), '张伟');
    fill(screen.getByLabelText('ID number'), '11010519491231002X');
    await u.click(screen.getByRole('radio', { name: 'Male' }));
    fill(screen.getByLabelText('Email'), 'zhang@example.com');
    fill(screen.getByLabelText('Mobile phone'), '13800138000');
    fill(screen.getByLabelText('Password'), 'blue-Heron-42');
    fill(screen.getByLabelText('Confirm password'), 'blue-Heron-42');
    fill(screen.getByLabelText('Security question'), 'First teacher?');
    fill(screen.getByLabelText('Security answer'), 'Wang');
    fill(screen.getByLabelText('Verification code'), '1234');
    await u.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByTestId('issued-number')).toHaveTextContent('2027100042');
    expect(screen.getByText('Write down your Registration number now: you need it to sign in.')).toBeInTheDocument();
    const body = calls.find((c) => c.url === '/api/v1/client/recruitRegister')?.body as Record<string, unknown>;
    expect(body).toMatchObject({ userRegisterType: 1, idType: '1', idNumber: '11010519491231002X', sex: '0', mobile: '13800138000' });
    expect(body).not.toHaveProperty('confirmPassword');
    // Going to sign in keeps the number.
    await u.click(screen.getByRole('button', { name: 'Go to sign in' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Registration number' })).toHaveValue('2027100042'));
  });

  it('Hong Kong, Macao and Taiwan doctoral applicants choose a permit or passport', async () => {
    mockApi(sessionRoutes(doctorUser()));
    renderApp('/login/register');
    await screen.findByRole('heading', { name: 'Create your account' });
    await user().click(screen.getByLabelText('Applicant type'));
    await user().click(await screen.findByTitle('Doctoral applicant from Hong Kong, Macao or Taiwan'));
    const form = screen.getByRole('heading', { name: 'Create your account' }).closest('section')!;
    await waitFor(() => expect(within(form).getByTitle('Mainland travel permit for Hong Kong and Macao residents')).toBeInTheDocument());
  });

  it('closed registrations are shown disabled', async () => {
    mockApi(sessionRoutes(doctorUser()));
    renderApp('/login/register');
    await screen.findByRole('heading', { name: 'Create your account' });
    await user().click(screen.getByLabelText('Applicant type'));
    const closed = await screen.findByTitle('Recommended exam-exempt applicant (registration closed)');
    expect(closed.closest('.ant-select-item')).toHaveClass('ant-select-item-option-disabled');
  });
});

describe('forgot number and password', () => {
  it('forgot registration number shows the number found', async () => {
    mockApi({ ...sessionRoutes(doctorUser()), '/api/v1/client/forgetPasswordSearch': () => ok({ registerNo: '2027100001', securityQuestion: 'Q?' }) });
    renderApp('/login/forgot-number');
    await screen.findByRole('heading', { name: 'Find my registration number' });
    await screen.findByTestId('captcha-image');
    const u = user();
    fill(screen.getByLabelText('Full name'), '张伟');
    fill(screen.getByLabelText('ID number'), '11010519491231002X');
    fill(screen.getByLabelText('Verification code'), '1234');
    await u.click(screen.getByRole('button', { name: 'Find my number' }));
    expect(await screen.findByTestId('issued-number')).toHaveTextContent('2027100001');
  });

  it('forgot password by question: find, answer, new password', async () => {
    const calls = mockApi({
      ...sessionRoutes(doctorUser()),
      '/api/v1/client/forgetPasswordSearch': () => ok({ registerNo: '2027100001', securityQuestion: 'Name of my first teacher?' }),
      '/api/v1/client/resetByQuestion': () => ok(),
    });
    renderApp('/login/forgot-password');
    await screen.findByRole('heading', { name: 'Reset password' });
    await screen.findByTestId('captcha-image');
    const u = user();
    fill(screen.getByLabelText('Full name'), '张伟');
    fill(screen.getByLabelText('ID number'), '11010519491231002X');
    fill(screen.getByLabelText('Verification code'), '1234');
    await u.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Name of my first teacher?')).toBeInTheDocument();
    await screen.findByTestId('captcha-image');
    fill(screen.getByLabelText('Security answer'), 'Wang');
    fill(screen.getByLabelText('New password'), 'blue-Heron-42');
    fill(screen.getByLabelText('Confirm password'), 'blue-Heron-42');
    fill(screen.getByLabelText('Verification code'), '5678');
    await u.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('Your password has been changed')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/v1/client/resetByQuestion')?.body).toMatchObject({
      userRegisterType: 1,
      number: '2027100001',
      idNumber: '11010519491231002X',
      securityAnswer: 'Wang',
      newPassword: 'blue-Heron-42',
      code: '5678',
    });
  });

  it('forgot password by email refuses a scan over 5 MB before uploading it', async () => {
    const calls = mockApi({ ...sessionRoutes(doctorUser()), '/api/v1/client/resetByEmail': () => ok() });
    renderApp('/login/forgot-password');
    await screen.findByRole('heading', { name: 'Reset password' });
    const u = user();
    await u.click(screen.getByRole('tab', { name: 'By email' }));
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'id.pdf', { type: 'application/pdf' });
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await u.upload(input, big);
    expect(await screen.findByText('This file is larger than 5 MB. Please choose a smaller scan.')).toBeInTheDocument();
    expect(screen.queryByText('id.pdf')).not.toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/v1/client/resetByEmail')).toBe(false);
  });
});
