/**
 * The admin's report queue (issue 19): read from and decided at the gateway (reports are never
 * replicated); a decision's change to the listing comes back through the properties feed.
 */
import type { ReportDecisionBody, ReportQueueEntry } from '@couchdb/model/report';
import type { ReportRequest } from './reports';

/** The open reports grouped by listing. */
export async function fetchReportQueue(request: ReportRequest): Promise<ReportQueueEntry[]> {
  return (await request<{ queue: ReportQueueEntry[] }>('/api/admin/reports')).queue;
}

/** Dismisses a listing's open reports, takes the listing down or asks its owner to fix it. */
export async function decideReports(
  request: ReportRequest,
  propertyId: string,
  decision: ReportDecisionBody,
): Promise<number> {
  const res = await request<{ closed: number }>(
    `/api/admin/reports/${encodeURIComponent(propertyId)}/decision`,
    { method: 'POST', body: decision },
  );
  return res.closed;
}
