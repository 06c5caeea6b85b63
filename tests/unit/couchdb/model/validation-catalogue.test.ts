/**
 * Acceptance: every validation message of product §5 is raised by the model with exactly the spec's
 * words, and each plain message string is written once in couchdb/model or couchdb/rules.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { addCustomTag, checkPanorama, checkPropertySubmit } from '@couchdb/model/property-facts';
import {
  changePasswordSchema,
  loginSchema,
  registerFormSchema,
  registerRequestSchema,
} from '@couchdb/model/auth';
import {
  checkImageFile,
  checkListingMediaFile,
  checkMediaCount,
  imagesFailedMessage,
} from '@couchdb/model/media-facts';
import { checkPhotoSize } from '@couchdb/model/media-checks';
import { checkNewsCover } from '@couchdb/model/news-facts';
import { demandFormSchema } from '@couchdb/model/demand';
import { IMAGE_MAX_BYTES, VIDEO_MAX_BYTES } from '@couchdb/model/constants';
import { newsFormSchema } from '@couchdb/model/news';
import { propertyFormSchema } from '@couchdb/model/property';
import { settingsFormSchema } from '@couchdb/model/setting';
import { canDeleteUser, checkLoggedIn } from '@couchdb/rules/access';

/** All messages a schema raises for `input` (empty when it parses). */
function messages(schema: z.ZodType, input: unknown): string[] {
  const r = schema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => i.message);
}

const validProperty = {
  title: '凤麓街道三室两厅',
  type: 'sale',
  rooms: '3室2厅1卫',
  area: 89,
  description: '南北通透采光好近湖边',
  price: 1_250_000,
  address: { district: '凤麓街道', address: '东大街12号' },
  contact_phone: '13812345678',
};
const validDemand = {
  title: '求购两室',
  type: 'buy',
  areas: ['海口镇'],
  requirements: '靠近学校',
  contact_phone: '13987654321',
};
const validRegister = {
  phone: '13812345678',
  name: '张三',
  password: 'secret1',
  confirmPassword: 'secret1',
  agreement: true,
};
const validPasswords = {
  currentPassword: 'old-pass',
  newPassword: 'new-pass',
  confirmPassword: 'new-pass',
};
const validSettings = {
  default_contact_phone: '18887700000',
  audit_required: true,
  max_images_per_property: 10,
};
const validNews = {
  title: '市场观察',
  summary: '',
  content: '<p>正文</p>',
  category: 'market',
  status: 'draft',
};

const property = (o: Record<string, unknown>) =>
  messages(propertyFormSchema, { ...validProperty, ...o });
const demand = (o: Record<string, unknown>) => messages(demandFormSchema, { ...validDemand, ...o });
const register = (o: Record<string, unknown>) =>
  messages(registerFormSchema, { ...validRegister, ...o });
const passwords = (o: Record<string, unknown>) =>
  messages(changePasswordSchema, { ...validPasswords, ...o });
const settings = (o: Record<string, unknown>) =>
  messages(settingsFormSchema, { ...validSettings, ...o });
const news = (o: Record<string, unknown>) => messages(newsFormSchema, { ...validNews, ...o });
const one = (m: string | null) => (m === null ? [] : [m]);
const tag = (tags: string[], t: string) => {
  const r = addCustomTag(tags, t);
  return r.ok ? [] : [r.message];
};
const MB5 = IMAGE_MAX_BYTES;

/** [section, case, run, the exact message of product §5 (or our Chinese for an English one)]. */
const CATALOGUE: [string, string, () => string[], string][] = [
  // Property form
  ['property', 'title of 4 chars', () => property({ title: '四个字啊' }), '标题至少5个字符'],
  ['property', 'title blank after trim', () => property({ title: '   abcd  ' }), '标题至少5个字符'],
  [
    'property',
    'title of 101 chars',
    () => property({ title: '房'.repeat(101) }),
    '标题不能超过100个字符',
  ],
  ['property', 'price 0', () => property({ price: 0 }), '请输入正确的价格'],
  ['property', 'price empty', () => property({ price: '' }), '请输入正确的价格'],
  ['property', 'price not a number', () => property({ price: 'abc' }), '请输入正确的价格'],
  ['property', 'area 0', () => property({ area: 0 }), '请输入正确的面积'],
  ['property', 'area empty', () => property({ area: '' }), '请输入正确的面积'],
  ['property', 'rooms empty', () => property({ rooms: '  ' }), '请输入房间信息'],
  [
    'property',
    'address of 4 chars',
    () => property({ address: { district: '凤麓街道', address: '东大街1' } }),
    '地址至少5个字符',
  ],
  ['property', 'address missing', () => property({ address: undefined }), '地址至少5个字符'],
  [
    'property',
    'description of 9 chars',
    () => property({ description: '一二三四五六七八九' }),
    '描述至少10个字符',
  ],
  [
    'property',
    'description of 1001',
    () => property({ description: '描'.repeat(1001) }),
    '描述不能超过1000个字符',
  ],
  [
    'property',
    'phone starting 12',
    () => property({ contact_phone: '12812345678' }),
    '请输入正确的手机号',
  ],
  [
    'property',
    'phone of 10 digits',
    () => property({ contact_phone: '1381234567' }),
    '请输入正确的手机号',
  ],
  [
    'property',
    'panorama not a URL',
    () => property({ panorama_url: 'pano.example' }),
    '请输入正确的链接格式',
  ],
  [
    'property',
    'submit without image',
    () => one(checkPropertySubmit({ userId: 'u1', imageCount: 0 })),
    '请至少上传一张图片',
  ],
  [
    'property',
    'submit without user',
    () => one(checkPropertySubmit({ userId: null, imageCount: 2 })),
    '用户信息缺失，请重新登录',
  ],
  ['property', 'tag equals a preset', () => tag([], '精装修'), '该标签已存在'],
  ['property', 'tag equals a custom tag', () => tag(['湖景'], ' 湖景 '), '该标签已存在'],
  ['property', 'media 9 + 2', () => one(checkMediaCount(9, 2)), '最多只能上传10个媒体文件'],
  [
    'property',
    'image kept as picked over 5 MB',
    () => one(checkPhotoSize('a.jpg', MB5 + 1, false)),
    '图片 a.jpg 大小超过5MB',
  ],
  [
    'property',
    'image over 5 MB once prepared',
    () => one(checkPhotoSize('a.jpg', MB5 + 1, true)),
    '图片 a.jpg 压缩后仍超过5MB',
  ],
  [
    'property',
    'video over 50 MB',
    () =>
      one(checkListingMediaFile({ name: 'v.mp4', type: 'video/mp4', size: VIDEO_MAX_BYTES + 1 })),
    '视频 v.mp4 大小超过50MB',
  ],
  [
    'property',
    'one image failed',
    () => one(imagesFailedMessage(['a.jpg'])),
    '图片"a.jpg"上传失败，请重试',
  ],
  [
    'property',
    'two images failed',
    () => one(imagesFailedMessage(['a.jpg', 'b.jpg'])),
    '2张图片上传失败，请重试',
  ],
  [
    'property',
    'failed after retry',
    () => one(imagesFailedMessage(['a.jpg'], true)),
    '仍有1张图片上传失败',
  ],
  // Demand form
  ['demand', 'title empty', () => demand({ title: ' ' }), '请输入需求标题'],
  ['demand', 'no area', () => demand({ areas: [] }), '请输入期望区域'],
  ['demand', 'no description', () => demand({ requirements: '' }), '请输入需求描述'],
  ['demand', 'no phone', () => demand({ contact_phone: '' }), '请输入联系电话'],
  ['demand', 'bad phone', () => demand({ contact_phone: '1381234' }), '请输入正确的手机号'],
  [
    'demand',
    'min price > max price',
    () => demand({ min_price: '200', max_price: '100' }),
    '最低价格不能高于最高价格',
  ],
  [
    'demand',
    'min area > max area',
    () => demand({ min_area: 120, max_area: 80 }),
    '最小面积不能大于最大面积',
  ],
  ['demand', 'negative price', () => demand({ min_price: -1 }), '价格不能小于0'],
  ['demand', 'negative area', () => demand({ max_area: '-5' }), '面积不能小于0'],
  // Auth and register
  [
    'auth',
    'login phone',
    () => messages(loginSchema, { phone: '123', password: 'x' }),
    '请输入正确的手机号',
  ],
  [
    'auth',
    'register password of 5',
    () => messages(registerRequestSchema, { phone: '13812345678', password: '12345' }),
    '密码至少6位',
  ],
  ['register', 'name of 1 char', () => register({ name: '张' }), '姓名至少2个字符'],
  [
    'register',
    'confirm differs',
    () => register({ confirmPassword: 'secret2' }),
    '两次输入的密码不一致',
  ],
  ['register', 'agreement unchecked', () => register({ agreement: false }), '请同意服务条款'],
  // Change password
  ['password', 'current empty', () => passwords({ currentPassword: '' }), '请填写所有密码字段'],
  ['password', 'confirm empty', () => passwords({ confirmPassword: '' }), '请填写所有密码字段'],
  [
    'password',
    'new ≠ confirm',
    () => passwords({ confirmPassword: 'new-pasS' }),
    '新密码与确认密码不匹配',
  ],
  [
    'password',
    'new of 5',
    () => passwords({ newPassword: 'abcde', confirmPassword: 'abcde' }),
    '新密码至少需要6位字符',
  ],
  [
    'password',
    'new equals current',
    () => passwords({ newPassword: 'old-pass', confirmPassword: 'old-pass' }),
    '新密码不能与当前密码相同',
  ],
  // Settings
  ['settings', 'phone empty', () => settings({ default_contact_phone: '' }), '请输入默认联系电话'],
  [
    'settings',
    'phone malformed',
    () => settings({ default_contact_phone: '0871-1234567' }),
    '请输入正确的手机号',
  ],
  [
    'settings',
    'image limit 0',
    () => settings({ max_images_per_property: 0 }),
    '图片数量上限不能少于1张',
  ],
  [
    'settings',
    'image limit 51',
    () => settings({ max_images_per_property: '51' }),
    '图片数量上限不能超过50张',
  ],
  [
    'settings',
    'image limit 2.5',
    () => settings({ max_images_per_property: 2.5 }),
    '图片数量上限必须是整数',
  ],
  // News form
  ['news', 'title blank', () => news({ title: '   ' }), '请填写标题和内容'],
  ['news', 'content blank', () => news({ content: '  ' }), '请填写标题和内容'],
  ['news', 'content only empty tags', () => news({ content: '<p> </p>' }), '请填写标题和内容'],
  [
    'news',
    'cover not an image',
    () => one(checkNewsCover({ type: 'application/pdf', size: 10 })),
    '请选择图片文件',
  ],
  [
    'news',
    'cover over 5 MB',
    () => one(checkNewsCover({ type: 'image/png', size: MB5 + 1 })),
    '图片大小不能超过5MB',
  ],
  // Uploads
  [
    'upload',
    'gif image',
    () => one(checkImageFile({ name: 'a.gif', type: 'image/gif', size: 10 })),
    '不支持的文件格式：image/gif，请上传 JPG、PNG 或 WebP 格式的图片',
  ],
  [
    'upload',
    'image of 6 MB',
    () => one(checkImageFile({ name: 'a.png', type: 'image/png', size: 6 * 1024 * 1024 })),
    '文件大小超过限制：6.0MB，请上传5MB以内的图片',
  ],
  // Other
  ['other', 'favourite as visitor', () => one(checkLoggedIn(null)), '请先登录'],
  ['other', 'panorama without URL', () => one(checkPanorama('  ')), '该房源暂未配置360度全景链接'],
  [
    'other',
    'delete user with listings',
    () => {
      const d = canDeleteUser(
        { id: 'a', role: 'admin' },
        { id: 'u' },
        { properties: 1, demands: 0 },
      );
      return d.ok ? [] : [d.message];
    },
    '无法删除该用户，该用户有关联的房源或需求信息',
  ],
  [
    'other',
    'delete missing user',
    () => {
      const d = canDeleteUser({ id: 'a', role: 'admin' }, null, { properties: 0, demands: 0 });
      return d.ok ? [] : [d.message];
    },
    '用户不存在',
  ],
];

describe('product §5 validation message catalogue', () => {
  it.each(CATALOGUE)('%s: %s raises exactly its message', (_section, _case, run, message) => {
    expect(run()).toEqual([message]);
  });

  it('the valid base inputs raise nothing', () => {
    expect(property({})).toEqual([]);
    expect(demand({})).toEqual([]);
    expect(register({})).toEqual([]);
    expect(passwords({})).toEqual([]);
    expect(settings({})).toEqual([]);
    expect(news({})).toEqual([]);
    expect(checkPropertySubmit({ userId: 'u1', imageCount: 1 })).toBeNull();
    expect(checkImageFile({ name: 'a.webp', type: 'image/webp', size: MB5 })).toBeNull();
    expect(checkPhotoSize('a.jpg', MB5, true)).toBeNull();
    // A photo's size is checked once prepared: a camera's 8 MB photo may be picked.
    expect(checkListingMediaFile({ name: 'a.jpg', type: 'image/jpeg', size: 8 * MB5 })).toBeNull();
    expect(checkNewsCover({ type: 'image/jpeg', size: MB5 })).toBeNull();
  });
});

describe('each plain message is written once in the shared code', () => {
  const dirs = ['couchdb/model', 'couchdb/rules'];
  const source = dirs
    .flatMap((d) =>
      readdirSync(d)
        .filter((f) => f.endsWith('.ts'))
        .map((f) => readFileSync(join(d, f), 'utf8')),
    )
    .join('\n');
  // Messages built from a template (file name, count, size) are checked by the table above.
  const templated = new Set([
    '最多只能上传10个媒体文件',
    '图片 a.jpg 大小超过5MB',
    '图片 a.jpg 压缩后仍超过5MB',
    '视频 v.mp4 大小超过50MB',
    '图片"a.jpg"上传失败，请重试',
    '2张图片上传失败，请重试',
    '仍有1张图片上传失败',
    '不支持的文件格式：image/gif，请上传 JPG、PNG 或 WebP 格式的图片',
    '文件大小超过限制：6.0MB，请上传5MB以内的图片',
    '图片数量上限不能少于1张',
    '图片数量上限不能超过50张',
    '图片大小不能超过5MB',
  ]);
  const plain = [...new Set(CATALOGUE.map((row) => row[3]))].filter((m) => !templated.has(m));

  it.each(plain)('%s', (message) => {
    expect(source.split(`'${message}'`).length - 1).toBe(1);
  });
});
