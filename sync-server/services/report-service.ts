/**
 * Reports of a listing (举报, issue 19) in the private `reports` database: one document per reporter
 * and listing, named after both, so the store's conflict lets only one report stay open at a time
 * (two at once: one is stored, the other answered 409). Admins decide on a listing's open reports
 * together: dismiss them, take the listing down or ask its owner to fix it; the listing changes
 * through the sync push as the admin, so the listing rules and the operation log apply as to any
 * admin write. Reports are capped by the per-account rate limit; closed ones are purged after
 * CLOSED_REPORT_KEEP_DAYS.
 */
import { createHash } from 'node:crypto';
import { DAY_MS } from '@couchdb/model/constants';
import type {
  ReportCreate,
  ReportDecisionBody,
  ReportQueueEntry,
  ReportView,
} from '@couchdb/model/report';
import {
  CLOSED_REPORT_KEEP_DAYS,
  REPORT_MESSAGES,
  type ReportReason,
  REPORTS_PER_ACCOUNT_PER_DAY,
  REPORTS_PER_ADDRESS_PER_HOUR,
  type ReportStatus,
} from '@couchdb/model/trust-facts';
import type { SyncDocument } from '@couchdb/model/sync';
import type { Viewer } from '@couchdb/rules/access';
import { isPubliclyVisible } from '@couchdb/rules/public-listing';
import { HttpError, rateLimitedFor } from '../http-error';
import { couchStatus, type Store } from '../store/couch';
import type { LimitStore } from './limits/limit-store';
import { WindowCounter } from './limits/window-counter';
import { OplogService, type RequestInfo } from './oplog-service';
import { deliverNotice, noticeSubject } from './inbox-notices';
import { projectFor, type StoredDoc } from './sync/projection';
import { loadOperator } from './sync/store-reads';
import type { SyncService } from './sync/sync-service';

/** A report as stored. */
export interface ReportDoc {
  _id: string;
  _rev?: string;
  property_id: string;
  property_title: string;
  property_owner_id: string;
  reporter_id: string;
  reason: ReportReason;
  note: string;
  status: ReportStatus;
  outcome_reason: string;
  decided_by: string | null;
  decided_at: string | null;
  created_at: string;
}

export interface ReportLimits {
  perAccountPerDay: number;
  perAddressPerHour: number;
}

export const DEFAULT_REPORT_LIMITS: ReportLimits = {
  perAccountPerDay: REPORTS_PER_ACCOUNT_PER_DAY,
  perAddressPerHour: REPORTS_PER_ADDRESS_PER_HOUR,
};

const HOUR_MS = 60 * 60 * 1000;
/** Reports a reporter's list and the queue read at most (the rate limit keeps them far below). */
const LIST_MAX = 1000;

/** The one document of a reporter's report on a listing. */
export function reportIdFor(propertyId: string, reporterId: string): string {
  return `r${createHash('sha256').update(`${propertyId}/${reporterId}`).digest('hex').slice(0, 40)}`;
}

const viewOf = (d: ReportDoc): ReportView => ({
  id: d._id,
  property_id: d.property_id,
  property_title: d.property_title,
  reason: d.reason,
  note: d.note,
  status: d.status,
  outcome_reason: d.outcome_reason,
  created_at: d.created_at,
  decided_at: d.decided_at,
});

export class ReportService {
  private readonly windows: WindowCounter;
  private readonly oplog: OplogService;

  constructor(
    private readonly store: Store,
    private readonly sync: SyncService,
    limits: LimitStore,
    private readonly limitsConfig: ReportLimits = DEFAULT_REPORT_LIMITS,
  ) {
    this.windows = new WindowCounter(limits);
    this.oplog = new OplogService(store);
  }

  private get db() {
    return this.store.db<ReportDoc>('reports');
  }

  private async listing(id: string): Promise<StoredDoc | null> {
    try {
      const doc = (await this.store.db<StoredDoc>('properties').get(id)) as StoredDoc;
      return doc._deleted ? null : doc;
    } catch (err) {
      if (couchStatus(err) === 404) return null;
      throw err;
    }
  }

  private async existing(id: string): Promise<ReportDoc | null> {
    try {
      return (await this.db.get(id)) as ReportDoc;
    } catch (err) {
      if (couchStatus(err) === 404) return null;
      throw err;
    }
  }

  /** Files a report: a public listing of someone else, one open report each, within the limits. */
  async create(
    caller: NonNullable<Viewer>,
    body: ReportCreate,
    address: string,
  ): Promise<ReportView> {
    const listing = await this.listing(body.property_id);
    if (!listing || !isPubliclyVisible(listing as never)) {
      throw new HttpError(404, 'not_found', REPORT_MESSAGES.notReportable);
    }
    if (listing.user_id === caller.id) {
      throw new HttpError(403, 'forbidden', REPORT_MESSAGES.ownListing);
    }
    const id = reportIdFor(body.property_id, caller.id);
    const before = await this.existing(id);
    if (before?.status === 'open') throw new HttpError(409, 'conflict', REPORT_MESSAGES.duplicate);
    const wait = Math.max(
      await this.windows.take(
        `report:account:${caller.id}`,
        this.limitsConfig.perAccountPerDay,
        DAY_MS,
      ),
      await this.windows.take(
        `report:address:${address}`,
        this.limitsConfig.perAddressPerHour,
        HOUR_MS,
      ),
    );
    if (wait > 0) throw rateLimitedFor(wait);
    const doc: ReportDoc = {
      _id: id,
      ...(before?._rev ? { _rev: before._rev } : {}),
      property_id: body.property_id,
      property_title: typeof listing.title === 'string' ? listing.title : '',
      property_owner_id: String(listing.user_id),
      reporter_id: caller.id,
      reason: body.reason,
      note: body.note,
      status: 'open',
      outcome_reason: '',
      decided_by: null,
      decided_at: null,
      created_at: new Date().toISOString(),
    };
    try {
      const res = await this.db.insert(doc);
      doc._rev = res.rev;
    } catch (err) {
      // Another request of the same reporter on the same listing got there first.
      if (couchStatus(err) === 409) throw new HttpError(409, 'conflict', REPORT_MESSAGES.duplicate);
      throw err;
    }
    return viewOf(doc);
  }

  /** The caller's reports, newest first. */
  async mine(caller: NonNullable<Viewer>): Promise<ReportView[]> {
    const { docs } = await this.db.find({
      selector: { reporter_id: caller.id, created_at: { $gt: null } },
      sort: [{ reporter_id: 'desc' }, { created_at: 'desc' }],
      limit: LIST_MAX,
    });
    return docs.map(viewOf);
  }

  /** Open reports grouped by listing, the most reported first. */
  async queue(): Promise<ReportQueueEntry[]> {
    const { docs } = await this.db.find({
      selector: { status: 'open', property_id: { $gt: null } },
      limit: LIST_MAX,
    });
    const byListing = new Map<string, ReportDoc[]>();
    for (const d of docs)
      byListing.set(d.property_id, [...(byListing.get(d.property_id) ?? []), d]);
    const names = await this.userNames([
      ...new Set(docs.flatMap((d) => [d.reporter_id, d.property_owner_id])),
    ]);
    const entries: ReportQueueEntry[] = [];
    for (const [propertyId, reports] of byListing) {
      const listing = await this.listing(propertyId);
      reports.sort((a, b) => (a.created_at < b.created_at ? 1 : -1));
      entries.push({
        property_id: propertyId,
        property_title:
          (typeof listing?.title === 'string' ? listing.title : '') || reports[0]!.property_title,
        property_status: typeof listing?.status === 'string' ? listing.status : 'deleted',
        owner_name: names.get(reports[0]!.property_owner_id) ?? '',
        reporter_count: reports.length,
        reasons: [...new Set(reports.map((r) => r.reason))],
        reports: reports.map((r) => ({
          id: r._id,
          reporter_name: names.get(r.reporter_id) ?? '',
          reason: r.reason,
          note: r.note,
          created_at: r.created_at,
        })),
      });
    }
    return entries.sort(
      (a, b) => b.reporter_count - a.reporter_count || a.property_id.localeCompare(b.property_id),
    );
  }

  private async userNames(ids: string[]): Promise<Map<string, string>> {
    const names = new Map<string, string>();
    if (ids.length === 0) return names;
    const res = await this.store.db<StoredDoc>('users').fetch({ keys: ids });
    for (const row of res.rows) {
      const doc = 'doc' in row ? (row.doc as StoredDoc | null) : null;
      if (doc) names.set(doc._id, String(doc.name || doc.phone || ''));
    }
    return names;
  }

  /**
   * An admin's decision on a listing's open reports: the listing changes first (taken down or
   * asked to fix, through the rules of any admin write), then each report closes with the outcome.
   */
  async decide(
    admin: NonNullable<Viewer>,
    propertyId: string,
    decision: ReportDecisionBody,
    request: RequestInfo,
  ): Promise<{ closed: number }> {
    const { docs: open } = await this.db.find({
      selector: { status: 'open', property_id: propertyId },
      limit: LIST_MAX,
    });
    if (open.length === 0) throw new HttpError(409, 'conflict', REPORT_MESSAGES.decided);
    const listing = await this.listing(propertyId);
    const now = new Date().toISOString();
    if (decision.decision === 'dismissed') {
      if (listing) {
        const operator = await loadOperator(this.store, admin);
        const title = typeof listing.title === 'string' ? `「${listing.title}」` : '';
        await this.oplog.append('update', operator, request, listing, listing, undefined, {
          description: `${operator.name || '管理员'}驳回了对房源${title}的举报（${open.length}人举报）`,
        });
      }
    } else {
      if (!listing) throw new HttpError(404, 'not_found', REPORT_MESSAGES.notReportable);
      await this.changeListing(admin, listing, decision, now, request);
    }
    for (const report of open) {
      await this.reportDecided({
        ...report,
        status: decision.decision,
        outcome_reason: decision.reason,
        decided_by: admin.id,
        decided_at: now,
      });
    }
    if (listing && decision.decision !== 'dismissed') {
      // The owner is told too: the card says why, the inbox says that it happened.
      const title = typeof listing.title === 'string' ? listing.title : '';
      await deliverNotice(
        this.store,
        String(listing.user_id),
        ['report-owner', propertyId, now],
        {
          title: REPORT_MESSAGES.ownerNoticeTitle(noticeSubject(title), decision.decision),
          body:
            decision.decision === 'taken_down'
              ? REPORT_MESSAGES.takenDownOwner(decision.reason)
              : REPORT_MESSAGES.fixRequestedOwner(decision.reason),
          link: '/my-properties',
          property_ids: [propertyId],
        },
        now,
      );
    }
    return { closed: open.length };
  }

  /** The listing taken down or asked to fix, written as the admin (retried past a concurrent write). */
  private async changeListing(
    admin: NonNullable<Viewer>,
    listing: StoredDoc,
    decision: ReportDecisionBody,
    now: string,
    request: RequestInfo,
  ): Promise<void> {
    let current: StoredDoc | null = listing;
    for (let attempt = 0; attempt < 3 && current; attempt++) {
      const assumed = projectFor('properties', admin, current) as SyncDocument;
      const next: SyncDocument = {
        ...assumed,
        moderation: {
          kind: decision.decision === 'taken_down' ? 'taken_down' : 'fix_requested',
          reason: decision.reason,
          at: now,
        },
      };
      if (decision.decision === 'taken_down') next.status = 'inactive';
      const res = await this.sync.push('properties', { viewer: admin, request }, [
        { assumedMasterState: assumed, newDocumentState: next },
      ]);
      const refusal = res.rejections[0];
      if (refusal) throw new HttpError(409, 'invalid_transition', refusal.message);
      if (res.conflicts.length === 0) return;
      current = await this.listing(String(listing._id));
    }
    throw new HttpError(409, 'conflict');
  }

  /**
   * Delivers an admin's decision on one report: today it records the outcome on the report, which
   * the reporter reads in 我的举报 (the one place a decision reaches its reporter).
   */
  async reportDecided(report: ReportDoc): Promise<void> {
    try {
      await this.db.insert(report);
    } catch (err) {
      // The reporter cannot change an open report, so a conflict means it was decided already.
      if (couchStatus(err) !== 409) throw err;
      return;
    }
    await deliverNotice(
      this.store,
      report.reporter_id,
      ['report', report._id, report.decided_at ?? ''],
      {
        title: REPORT_MESSAGES.noticeTitle(noticeSubject(report.property_title)),
        body: REPORT_MESSAGES.outcome(report.status, report.outcome_reason),
        link: '/my-reports',
        property_ids: [report.property_id],
      },
      report.decided_at ?? new Date().toISOString(),
    );
  }

  /** Removes closed reports decided more than CLOSED_REPORT_KEEP_DAYS ago; returns how many. */
  async purgeClosed(now: number = Date.now()): Promise<number> {
    const cutoff = new Date(now - CLOSED_REPORT_KEEP_DAYS * DAY_MS).toISOString();
    const { docs } = await this.db.find({
      selector: { status: { $ne: 'open' }, decided_at: { $lt: cutoff } },
      limit: LIST_MAX,
    });
    if (docs.length === 0) return 0;
    await this.db.bulk({ docs: docs.map((d) => ({ ...d, _deleted: true })) });
    return docs.length;
  }
}
