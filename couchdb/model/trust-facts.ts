/**
 * Listing trust (issue 19), zod-free: the listing verification code (房源核验码) with its check
 * status, and reports of a listing (举报) with their reasons, outcomes, limits and texts.
 */

/**
 * 房源核验码: the code a city's housing authority issues for a listing it has checked (digits,
 * sometimes with capital letters, e.g. 北京 12 digits, 深圳 up to 18). We accept 6–24 digits or
 * Latin letters, stored in capitals, so every city's form fits and typing mistakes like spaces do not.
 */
export const VERIFICATION_CODE_MIN = 6;
export const VERIFICATION_CODE_MAX = 24;
export const VERIFICATION_CODE_PATTERN = /^[0-9A-Z]{6,24}$/;

/** The admin's check of the code: changing the code sends it back to unchecked (gateway rule). */
export const VERIFICATION_STATUSES = ['unchecked', 'verified', 'invalid'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];
export const VERIFICATION_STATUS_LABELS: Record<VerificationStatus, string> = {
  unchecked: '待核验',
  verified: '已核验',
  invalid: '核验无效',
};

export const VERIFICATION_MESSAGES = {
  codeFormat: `房源核验码为${VERIFICATION_CODE_MIN}到${VERIFICATION_CODE_MAX}位数字或字母`,
  codeLabel: '房源核验码',
  codeHelp: '选填。主管部门核验后出具的编码，管理员核对通过后显示“已核验”',
  badge: '已核验',
  badgeWithCode: (code: string) => `已核验 · ${code}`,
  verify: '核验通过',
  invalidate: '核验无效',
  verified: '已标记为核验通过',
  invalidated: '已标记为核验无效',
  noCode: '该房源未填写核验码',
  filterVerified: '只看已核验',
} as const;

/** Normalises a typed code: no spaces, capital letters. */
export function normalizeVerificationCode(code: string): string {
  return code.replace(/\s+/g, '').toUpperCase();
}

/** Whether a listing shows the 已核验 badge: a code an admin has checked. */
export function isVerifiedListing(p: {
  verification_code?: string | undefined;
  verification_status?: VerificationStatus | undefined;
}): boolean {
  return !!p.verification_code && p.verification_status === 'verified';
}

/** Why a listing is reported (the list and labels of issue 19). */
export const REPORT_REASONS = ['gone', 'unreachable', 'fake', 'price', 'agent', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  gone: '已售/已租',
  unreachable: '联系不上',
  fake: '虚假房源或图片',
  price: '价格不实',
  agent: '中介冒充个人',
  other: '其他',
};
export const REPORT_NOTE_MAX = 200;

/** A report's state: open until an admin decides, then closed with the decision. */
export const REPORT_STATUSES = ['open', 'dismissed', 'taken_down', 'fix_requested'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
export const REPORT_DECISIONS = ['dismissed', 'taken_down', 'fix_requested'] as const;
export type ReportDecision = (typeof REPORT_DECISIONS)[number];
export const REPORT_STATUS_LABELS: Record<ReportStatus, string> = {
  open: '处理中',
  dismissed: '已驳回',
  taken_down: '房源已下架',
  fix_requested: '已要求房东整改',
};
export const REPORT_DECISION_ACTIONS: Record<ReportDecision, string> = {
  dismissed: '驳回',
  taken_down: '下架',
  fix_requested: '要求整改',
};

/** Reports one account may file a day (also bounds the reports stored per account). */
export const REPORTS_PER_ACCOUNT_PER_DAY = 10;
/** Reports one address may file an hour (many accounts behind one address). */
export const REPORTS_PER_ADDRESS_PER_HOUR = 30;
/** Closed reports older than this are purged (the reporter has seen the outcome by then). */
export const CLOSED_REPORT_KEEP_DAYS = 90;
export const REPORT_REASON_MAX = 200;

/**
 * The admin's notice on a listing (issue 19): taken down after a report (the owner sees why, and
 * only an admin puts it up again), or asked to be fixed (shown until the owner edits the listing).
 */
export const MODERATION_KINDS = ['taken_down', 'fix_requested'] as const;
export type ModerationKind = (typeof MODERATION_KINDS)[number];

export const REPORT_MESSAGES = {
  action: '举报',
  title: '举报房源',
  reason: '举报原因',
  note: '补充说明（选填）',
  noteMax: `补充说明不能超过${REPORT_NOTE_MAX}个字符`,
  reasonRequired: '请选择举报原因',
  submit: '提交举报',
  submitted: '举报已提交，我们会尽快处理',
  duplicate: '您已举报过该房源，处理完成前不能重复举报',
  ownListing: '不能举报自己发布的房源',
  notReportable: '该房源不存在或已下架',
  offline: '举报需要联网。当前处于离线状态，已填写的内容会保留，联网后再提交',
  loginToReport: '登录后举报',
  mine: '我的举报',
  mineEmpty: '暂无举报记录',
  mineCached: '离线中，显示的是上次联网时的记录',
  queue: '举报处理',
  queueEmpty: '暂无待处理的举报',
  reporters: (n: number) => `${n}人举报`,
  decisionReason: '处理说明（房东可见）',
  decisionReasonRequired: '请填写处理说明',
  decided: '已处理',
  takenDownOwner: (reason: string) => `房源已被管理员下架：${reason}`,
  fixRequestedOwner: (reason: string) => `管理员要求整改：${reason}。修改房源后此提示消失`,
  takenDownStays: '房源因举报被管理员下架，需管理员重新上架',
  /** The 消息 notice a reporter gets when their report is decided. */
  noticeTitle: (title: string) => `你举报的房源「${title}」已处理`,
  /** The 消息 notice the owner gets when their listing is taken down or asked to fix. */
  ownerNoticeTitle: (title: string, status: ReportStatus) =>
    status === 'taken_down' ? `你的房源「${title}」已被下架` : `你的房源「${title}」需要整改`,
  outcome: (status: ReportStatus, reason: string) =>
    status === 'open'
      ? REPORT_STATUS_LABELS.open
      : `${REPORT_STATUS_LABELS[status]}${reason ? `：${reason}` : ''}`,
} as const;

/** The device's copy of the user's reports (localStorage: no RxDB collection to spare). */
export const MY_REPORTS_KEY = (userId: string) => `cj_my_reports:${userId}`;
