/**
 * Access tokens: what verifies and what is refused (the secret is used as a key object made once,
 * so these hold across calls and across gateways with different secrets).
 */
import jwt from 'jsonwebtoken';
import { describe, expect, it } from 'vitest';
import { signAccessToken, verifyAccessToken } from '../../../sync-server/services/tokens';

const SECRET = 'test-secret-test-secret-test-secret';
const OTHER = 'another-secret-another-secret-another';

const codeOf = (run: () => unknown) => {
  try {
    run();
  } catch (err) {
    return (err as { code?: string }).code;
  }
  return 'verified';
};

describe('access tokens', () => {
  it('verify with the secret they were signed with, again and again', () => {
    const { token } = signAccessToken(SECRET, { id: 'u1', role: 'agent', session: 's1' });
    for (let i = 0; i < 3; i++)
      expect(verifyAccessToken(SECRET, token)).toEqual({ id: 'u1', role: 'agent', session: 's1' });
    const other = signAccessToken(OTHER, { id: 'u2', role: 'admin', session: 's2' }).token;
    expect(verifyAccessToken(OTHER, other)).toEqual({ id: 'u2', role: 'admin', session: 's2' });
  });

  it('are refused when signed with another secret, another algorithm or issuer, or expired', () => {
    const { token } = signAccessToken(OTHER, { id: 'u1', role: 'agent', session: 's1' });
    expect(codeOf(() => verifyAccessToken(SECRET, token))).toBe('unauthorized');
    const unsigned = jwt.sign({ role: 'admin' }, '', {
      algorithm: 'none',
      subject: 'u1',
      issuer: 'cj-gateway',
    });
    expect(codeOf(() => verifyAccessToken(SECRET, unsigned))).toBe('unauthorized');
    const otherIssuer = jwt.sign({ role: 'admin' }, SECRET, { subject: 'u1', issuer: 'someone' });
    expect(codeOf(() => verifyAccessToken(SECRET, otherIssuer))).toBe('unauthorized');
    const expired = jwt.sign({ role: 'agent', exp: Math.floor(Date.now() / 1000) - 60 }, SECRET, {
      subject: 'u1',
      issuer: 'cj-gateway',
    });
    expect(codeOf(() => verifyAccessToken(SECRET, expired))).toBe('token_expired');
  });

  it('are refused without the session they were issued in', () => {
    const sessionless = jwt.sign({ role: 'agent' }, SECRET, {
      subject: 'u1',
      issuer: 'cj-gateway',
    });
    expect(codeOf(() => verifyAccessToken(SECRET, sessionless))).toBe('unauthorized');
    const signed = jwt.sign({ role: 'agent', sid: 's1' }, SECRET, {
      subject: 'u1',
      issuer: 'cj-gateway',
    });
    expect(codeOf(() => verifyAccessToken(SECRET, signed))).toBe('verified');
  });
});
