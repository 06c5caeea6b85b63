import { describe, expect, it } from 'vitest';
import { clause } from '../../../../couchdb/model/text-facts';
import { PROPERTY_MESSAGES } from '../../../../couchdb/model/property-facts';
import { REFUSED_CHANGE_MESSAGES } from '../../../../couchdb/model/sync';

describe('a reason inside a sentence of ours', () => {
  it('loses its own closing punctuation, and only that', () => {
    expect(clause('照片不清晰，请上传实拍照片；地址请写到门牌号。')).toBe(
      '照片不清晰，请上传实拍照片；地址请写到门牌号',
    );
    expect(clause(' 价格有误！ ')).toBe('价格有误');
    expect(clause('Bad request.')).toBe('Bad request');
    expect(clause('3.5万')).toBe('3.5万');
  });

  it('never ends a notice with two full stops', () => {
    expect(PROPERTY_MESSAGES.rejectedEditNotice('地址请写到门牌号。')).toBe(
      '未通过审核：地址请写到门牌号。修改后保存即重新提交审核。',
    );
    expect(PROPERTY_MESSAGES.rejectedEditNotice('')).toBe('未通过审核。修改后保存即重新提交审核。');
    expect(PROPERTY_MESSAGES.rejectedEditNotice('。')).toBe(
      '未通过审核。修改后保存即重新提交审核。',
    );
    expect(REFUSED_CHANGE_MESSAGES.editHint('视频存储服务配置错误，请联系管理员。')).not.toContain(
      '。。',
    );
  });
});
