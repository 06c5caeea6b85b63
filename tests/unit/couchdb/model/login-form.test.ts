/** The login screen's form: the sign-up minimum password length is checked on the device. */
import { describe, expect, it } from 'vitest';
import { loginFormSchema, loginSchema } from '@couchdb/model/auth';
import { PASSWORD_MIN_MESSAGE, PASSWORD_REQUIRED_MESSAGE } from '@couchdb/model/auth-facts';

const messages = (password: string) =>
  loginFormSchema
    .safeParse({ phone: '13812345678', password, remember: false })
    .error?.issues.map((i) => i.message) ?? [];

describe('loginFormSchema', () => {
  it('refuses a password shorter than the sign-up rule with its message', () => {
    expect(messages('abc')).toEqual([PASSWORD_MIN_MESSAGE]);
  });

  it('asks for a password when none is typed', () => {
    expect(messages('')[0]).toBe(PASSWORD_REQUIRED_MESSAGE);
  });

  it('accepts a password of the minimum length, while the gateway still reads any length', () => {
    expect(messages('abcdef')).toEqual([]);
    expect(loginSchema.safeParse({ phone: '13812345678', password: 'abc' }).success).toBe(true);
  });
});
