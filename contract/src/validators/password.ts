import { PASSWORD_MAX, PASSWORD_MIN } from '../codes';

/**
 * The most common passwords (from public breach top lists) refused at registration, reset and change.
 * Compared case-insensitively; the list is short on purpose: it stops the guesses an attacker tries first.
 */
const COMMON = new Set(
  `123456 123456789 12345678 password qwerty123 qwerty 1234567890 1234567 111111 123123 abc123 password1 iloveyou
  1q2w3e4r 000000 qwertyuiop 123321 654321 666666 888888 987654321 a123456 a12345678 aa123456 abcd1234 admin123 admin
  11111111 00000000 12341234 88888888 66666666 87654321 qwer1234 asdf1234 zxcvbnm 1qaz2wsx 1qaz2wsx3edc passw0rd
  password123 p@ssw0rd p@ssword welcome welcome1 letmein monkey dragon football baseball sunshine princess
  superman trustno1 master shadow michael jennifer 123qwe 123qweasd qweasdzxc woaini woaini1314 5201314 520520
  1314520 abc12345 abcdefg abcdefgh 12345qwert q1w2e3r4 q1w2e3r4t5 changeme secret123 test1234 user1234 zaq12wsx`
    .split(/\s+/)
    .filter(Boolean),
);

export type PasswordProblem = 'required' | 'tooShort' | 'tooLong' | 'tooCommon';

export function checkPassword(pw: string): PasswordProblem | null {
  if (pw.length === 0) return 'required';
  if (pw.length < PASSWORD_MIN) return 'tooShort';
  if (pw.length > PASSWORD_MAX) return 'tooLong';
  if (COMMON.has(pw.toLowerCase())) return 'tooCommon';
  // A password of one repeated character is as common as any on the list.
  if (/^(.)\1+$/.test(pw)) return 'tooCommon';
  return null;
}
