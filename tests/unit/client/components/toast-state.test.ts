/**
 * The one toast on screen (toast-state.ts): a toast's own close (its timer, Escape, its button)
 * closes that toast only. CI lost an admin's 资讯更新成功 when the previous toast's timer ran out
 * between the new toast being shown and its first render, and closed the new one instead.
 */
import { describe, expect, it } from 'vitest';
import { closeToast, showToast } from '@client/components/toast/toast-state';

describe('the toast on screen', () => {
  it('is closed by its own close', () => {
    const shown = showToast('success', '资讯创建成功');
    expect(closeToast(shown, shown.message.key)).toEqual({ ...shown, open: false });
  });

  it('stays open when the toast it replaced closes late', () => {
    const first = showToast('success', '资讯创建成功');
    const second = showToast('success', '资讯更新成功');
    expect(closeToast(second, first.message.key)).toBe(second);
    expect(closeToast(second, first.message.key)?.open).toBe(true);
  });

  it('tells apart two toasts shown in the same millisecond, even with the same text', () => {
    const keys = new Set(
      Array.from({ length: 3 }, () => showToast('success', '资讯更新成功').message.key),
    );
    expect(keys.size).toBe(3);
  });

  it('keeps a closed toast closed, and nothing shown as nothing', () => {
    const shown = showToast('info', '已保存在本机', { untilOnline: true });
    const closed = closeToast(shown, shown.message.key);
    expect(closeToast(closed, shown.message.key)).toBe(closed);
    expect(closeToast(null, shown.message.key)).toBeNull();
  });
});
