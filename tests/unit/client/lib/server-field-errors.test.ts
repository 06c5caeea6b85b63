/** A gateway refusal as messages under form fields. */
import { describe, expect, it } from 'vitest';
import { serverFieldErrors } from '@client/lib/server-field-errors';

describe('serverFieldErrors', () => {
  it("puts the gateway's field messages under the form's fields, leaving out fields it lacks", () => {
    const refusal = {
      code: 'validation_failed',
      message: '请检查输入',
      fields: { phone: '请输入正确的手机号', avatar_url: '头像链接无效' },
    };
    expect(serverFieldErrors(refusal, ['phone', 'password'])).toEqual({
      phone: '请输入正确的手机号',
    });
  });

  it("puts a code's message under the field it is about when the gateway named no field", () => {
    const refusal = { code: 'phone_taken', message: '该手机号已注册' };
    expect(serverFieldErrors(refusal, ['phone', 'name'], { phone_taken: 'phone' })).toEqual({
      phone: '该手机号已注册',
    });
  });

  it('gives nothing for a refusal about no field (the caller shows it as a toast)', () => {
    const refusal = { code: 'rate_limited', message: '请求过于频繁' };
    expect(serverFieldErrors(refusal, ['phone'], { phone_taken: 'phone' })).toEqual({});
  });
});
