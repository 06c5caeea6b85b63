import { describe, expect, it } from 'vitest';
import {
  loginSchema,
  profileUpdateSchema,
  registerFormSchema,
  registerRequestSchema,
} from '@couchdb/model/auth';
import { passwordStrength } from '@couchdb/model/auth-facts';

describe('passwordStrength (product §5 strength meter)', () => {
  it.each([
    ['', 0, 'weak', ['至少8个字符', '包含小写字母']],
    ['abc', 1, 'weak', ['至少8个字符', '包含大写字母']],
    ['abcdefgh', 2, 'weak', ['包含大写字母', '包含数字']],
    ['abcdefg1', 3, 'medium', ['包含大写字母', '包含特殊字符']],
    ['Abcdef1', 3, 'medium', ['至少8个字符', '包含特殊字符']],
    ['Abcdefg1', 4, 'strong', ['包含特殊字符']],
    ['Abcdef1!', 5, 'strong', []],
    ['ABC!1', 3, 'medium', ['至少8个字符', '包含小写字母']],
  ] as const)('%j scores %i (%s)', (password, score, level, suggestions) => {
    expect(passwordStrength(password)).toEqual({ score, level, suggestions });
  });
});

describe('auth request schemas', () => {
  it('login accepts a mainland mobile and trims it', () => {
    const r = loginSchema.safeParse({ phone: ' 13812345678 ', password: 'x' });
    expect(r.success && r.data.phone).toBe('13812345678');
  });

  it.each([
    ['unknown key', { phone: '13812345678', password: 'x', role: 'admin' }],
    ['empty password', { phone: '13812345678', password: '' }],
    ['password not a string', { phone: '13812345678', password: 123456 }],
  ])('login refuses %s', (_case, input) => {
    expect(loginSchema.safeParse(input).success).toBe(false);
  });

  it.each([
    [{ phone: '13812345678', password: 'secret1' }, true],
    [{ phone: '13812345678', password: 'secret1', name: '' }, true],
    [{ phone: '13812345678', password: 'secret1', name: '张三' }, true],
    [{ phone: '13812345678', password: 'secret1', user_type: 'admin' }, false],
    [{ phone: '13812345678', password: 'x'.repeat(129) }, false],
  ])('register request %j → %s', (input, ok) => {
    expect(registerRequestSchema.safeParse(input).success).toBe(ok);
  });

  it('register form puts the mismatch on confirmPassword', () => {
    const r = registerFormSchema.safeParse({
      phone: '13812345678',
      password: 'secret1',
      confirmPassword: 'secret2',
      agreement: true,
    });
    expect(r.error?.issues.map((i) => i.path.join('.'))).toEqual(['confirmPassword']);
  });

  it.each([
    [{ avatar_url: '' }, true],
    [{ avatar_url: 'https://img.example.com/a.png' }, true],
    [{ avatar_url: '/media/ab/cd.webp' }, true],
    [{ avatar_url: 'javascript:alert(1)' }, false],
    [{ avatar_url: 'http://img.example.com/a.png' }, false],
    [{ avatar_url: '/media/../etc/passwd?x' }, false],
    [{ avatar_url: '//evil.example.com/a.png' }, false],
    [{ avatar_url: 'data:image/png;base64,AAAA' }, false],
    [{ avatar_url: `https://img.example.com/${'a'.repeat(500)}.png` }, false],
    [{ phone: '13812345678' }, false],
    [{ name: '李' }, false],
  ])('profile update %j → %s', (input, ok) => {
    expect(profileUpdateSchema.safeParse(input).success).toBe(ok);
  });
});
