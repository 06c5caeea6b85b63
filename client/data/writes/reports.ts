/**
 * Reports of a listing from the device (issue 19): filing one goes straight to the gateway (it
 * needs a connection: the gateway decides on duplicates and limits), and the user's reports with
 * their outcomes are kept on the device (localStorage, per account) for viewing offline.
 */
import type { ReportCreateInput, ReportView } from '@couchdb/model/report';
import { MY_REPORTS_KEY } from '@couchdb/model/trust-facts';
import type { AuthContextValue } from '@client/lib/session/auth-context';

/** The signed-in user's gateway call (useAuth().request). */
export type ReportRequest = AuthContextValue['request'];

/** The user's reports as last fetched, and when. */
export interface CachedReports {
  reports: ReportView[];
  saved_at: string;
}

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** Files a report; throws the gateway's ApiError (duplicate, own listing, limit, offline). */
export async function fileReport(
  request: ReportRequest,
  report: ReportCreateInput,
): Promise<ReportView> {
  const res = await request<{ report: ReportView }>('/api/reports', {
    method: 'POST',
    body: report,
  });
  return res.report;
}

/** The user's reports from the gateway, kept on the device for the next offline visit. */
export async function fetchMyReports(
  request: ReportRequest,
  userId: string,
): Promise<CachedReports> {
  const { reports } = await request<{ reports: ReportView[] }>('/api/reports/mine');
  const cached = { reports, saved_at: new Date().toISOString() };
  try {
    storage()?.setItem(MY_REPORTS_KEY(userId), JSON.stringify(cached));
  } catch (err) {
    console.warn('keeping my reports on the device failed', err);
  }
  return cached;
}

/** The reports last fetched on this device, or null. */
export function readCachedReports(userId: string): CachedReports | null {
  try {
    const raw = storage()?.getItem(MY_REPORTS_KEY(userId));
    const parsed = raw ? (JSON.parse(raw) as CachedReports) : null;
    return parsed && Array.isArray(parsed.reports) ? parsed : null;
  } catch {
    return null;
  }
}
