/**
 * Listing trust (issue 19), zod-free: the listing verification code (房源核验码) with its check
 * status, and reports of a listing (举报) with their reasons, outcomes, limits and texts.
 */

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
