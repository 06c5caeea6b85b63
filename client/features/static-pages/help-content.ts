/** The help centre's guides and FAQ (product §2 "Static pages"), searchable on the device. */
import {
  LISTING_REVIEW_DAYS,
  MAX_MEDIA_PER_LISTING,
  RECENT_LIMIT,
  SERVICE_HOURS,
} from '@couchdb/model/constants';
import { matchesKeyword } from '@couchdb/rules/keyword-search';

export interface HelpEntry {
  id: string;
  question: string;
  answer: string;
}

export interface HelpCategory {
  id: string;
  label: string;
  entries: HelpEntry[];
}

export const GUIDES: HelpEntry[] = [
  {
    id: 'guide-find',
    question: '如何找到合适的房源',
    answer:
      '在首页点“买房”或“租房”，或在房源列表输入小区名、街道等关键词。展开“筛选”可以按区域、价格、面积、户型组合筛选，并按最新发布或价格排序；优先展示的房源排在前面。',
  },
  {
    id: 'guide-publish',
    question: '如何发布房源',
    answer: `登录后点击“发布房源”，按四步填写基本信息、房屋详情、价格与地址并上传图片或视频（最多${MAX_MEDIA_PER_LISTING}个）。提交后进入审核，一般${LISTING_REVIEW_DAYS}个工作日内完成。`,
  },
  {
    id: 'guide-offline',
    question: '没有网络时能用吗',
    answer:
      '可以。打开过一次后，房源、资讯会保存在本机，没有网络也能浏览和筛选；离线时发布或修改的内容会在恢复网络后自动上传。',
  },
  {
    id: 'guide-favorites',
    question: '收藏和浏览记录',
    answer: `在房源卡片或详情页点心形图标即可收藏（需要登录）。最近浏览的${RECENT_LIMIT}套房源会记录在“浏览记录”中，方便回看。`,
  },
];

export const FAQ: HelpCategory[] = [
  {
    id: 'account',
    label: '账号相关',
    entries: [
      {
        id: 'faq-register',
        question: '注册需要什么信息',
        answer: '只需手机号和密码（至少6位），姓名可以不填。注册后用手机号登录。',
      },
      {
        id: 'faq-phone',
        question: '可以修改手机号吗',
        answer: '手机号暂不支持修改。如需更换，请联系客服处理。',
      },
      {
        id: 'faq-password',
        question: '忘记密码怎么办',
        answer: `请在服务时间（每天${SERVICE_HOURS}）联系客服，核实身份后为您重置。`,
      },
    ],
  },
  {
    id: 'search',
    label: '找房看房',
    entries: [
      {
        id: 'faq-phone-number',
        question: '为什么看不到房东电话',
        answer: '为保护发布人隐私，登录后才能在房源详情页点“电话咨询”查看联系电话。',
      },
      {
        id: 'faq-panorama',
        question: '360°全景打不开',
        answer:
          '全景由第三方平台提供，需要联网。加载失败时可以点“在新窗口打开”，或稍后再试；部分房源暂未配置全景。',
      },
      {
        id: 'faq-badges',
        question: '“推荐”和“新房源”是什么意思',
        answer: '“推荐”是平台精选的房源；“新房源”表示3天内发布的房源。',
      },
    ],
  },
  {
    id: 'publish',
    label: '发布与审核',
    entries: [
      {
        id: 'faq-review',
        question: '审核需要多长时间',
        answer: `房源审核一般需要${LISTING_REVIEW_DAYS}个工作日，结果会显示在“我的房源”中。`,
      },
      {
        id: 'faq-rejected',
        question: '房源被拒绝了怎么办',
        answer: '在“我的房源”查看拒绝原因，按提示修改图片、价格或地址信息后重新提交即可。',
      },
      {
        id: 'faq-media',
        question: '图片和视频有什么要求',
        answer: `图片支持 JPG、PNG、WebP，单张不超过5MB；视频支持 MP4、MOV、AVI、WebM，不超过50MB；每套房源最多${MAX_MEDIA_PER_LISTING}个文件。`,
      },
    ],
  },
  {
    id: 'safety',
    label: '交易安全',
    entries: [
      {
        id: 'faq-deposit',
        question: '看房前需要交定金吗',
        answer: '请勿在看房前向任何人支付定金或“看房费”。签约前务必核实不动产权证和身份信息。',
      },
      {
        id: 'faq-report',
        question: '发现虚假房源怎么办',
        answer: '请联系客服并提供房源标题或链接，核实后我们会下架处理。',
      },
    ],
  },
];

/** Entries whose question or answer contains the query (case-insensitive); all when blank. */
export function searchHelp<T extends HelpEntry>(entries: readonly T[], query: string): T[] {
  return entries.filter((e) => matchesKeyword(query, e.question, e.answer));
}
