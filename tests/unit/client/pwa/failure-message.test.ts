/**
 * What the user is told when an action fails (client/pwa/failure-message.ts): a text of
 * couchdb/model chosen by the kind of the failure. A full storage says what was not saved; a
 * refusal on the device and the gateway's answer are said as they are; any other failure is the
 * action's own text. Never the error's message, which for a storage error carries the documents
 * written (a contact's name and phone), and the console is not given them either.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GENERIC_MESSAGES, STORAGE_FULL_MESSAGES } from '@couchdb/model/errors';
import { RefusalError } from '@client/lib/failure';
import { ApiError } from '@client/lib/http';
import { failureMessage, failureReason } from '@client/pwa/failure-message';

const NAME = '李建华';
const PHONE = '13800000002';
const demand = { id: 'd-1', title: '凤麓街道求购三居室', contact: { name: NAME, phone: PHONE } };

/** How RxDB's remote storage words a failed write of the worker's side: the request, then its error. */
function remoteFailure(error: object): Error {
  const request = { methodName: 'bulkWrite', params: [[{ document: demand }], 'ctx'], error };
  return new Error(`could not requestRemote: ${JSON.stringify(request, null, 4)}`);
}

/** One of RxDB's errors: its parameters, documents included, after the first line. */
function rxError(): Error {
  const err = new Error(
    `\nRxDB Error-Code: CONFLICT.\n--------------------\nParameters:\nwriteError: ${JSON.stringify({ documentInDb: demand })}`,
  );
  return Object.assign(err, { name: 'RxError (CONFLICT)', code: 'CONFLICT', rxdb: true });
}

/** A full storage as the page gets it from the storage's worker (storage-channel.ts). */
function fullStorage(): Error {
  const err = new Error("bulkWrite of demands failed in the storage's worker");
  err.name = 'QuotaExceededError';
  return err;
}

const logged = () => vi.mocked(console.error).mock.calls.flat().map(String).join('\n');

afterEach(() => vi.restoreAllMocks());

describe('failureMessage and failureReason', () => {
  it('say a full storage in the model’s words, naming what was not saved', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(failureMessage('publishing a demand failed', fullStorage(), '发布失败，请重试')).toBe(
      STORAGE_FULL_MESSAGES.notSaved,
    );
    expect(failureReason('publishing a demand failed', fullStorage())).toBe(
      STORAGE_FULL_MESSAGES.notSaved,
    );
    // Also when the browser's own error is wrapped, as Dexie wraps it on the page.
    const wrapped = Object.assign(new Error('Transaction aborted'), {
      name: 'AbortError',
      inner: new DOMException('The quota has been exceeded.', 'QuotaExceededError'),
    });
    expect(failureMessage('saving failed', wrapped, '保存失败，请重试')).toBe(
      STORAGE_FULL_MESSAGES.notSaved,
    );
  });

  it('never show a storage error’s message, nor give the console its documents', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    for (const err of [remoteFailure({ name: 'UnknownError', message: 'disk I/O' }), rxError()]) {
      const shown = [
        failureMessage('publishing a demand failed', err, GENERIC_MESSAGES.operationFailed),
        failureReason('publishing a demand failed', err) ?? '',
      ];
      for (const text of [...shown, logged()])
        for (const content of [NAME, PHONE, demand.title]) expect(text).not.toContain(content);
      expect(shown[0]).toBe(GENERIC_MESSAGES.operationFailed);
      expect(shown[1]).toBe('');
    }
    // The console still says what failed, and of what kind.
    expect(logged()).toContain('publishing a demand failed');
    expect(logged()).toContain('RxError (CONFLICT)');
  });

  it('say a refusal on the device and the gateway’s answer as they are, only through failureReason', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const refusal = new RefusalError('当前状态不允许此操作');
    const answer = new ApiError(409, 'conflict', '数据已被修改，请刷新后重试');
    expect(failureReason('status change failed', refusal)).toBe('当前状态不允许此操作');
    expect(failureReason('status change failed', answer)).toBe('数据已被修改，请刷新后重试');
    expect(failureMessage('status change failed', refusal, '操作失败')).toBe('操作失败');
    expect(failureReason('status change failed', new Error('demand not on this device'))).toBe(
      null,
    );
  });
});
