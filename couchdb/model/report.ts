/**
 * Reports of a listing (举报, issue 19): what a signed-in user sends, what an admin decides, and a
 * report as the gateway answers it. Reports live in the gateway's private `reports` database.
 */
import { z } from 'zod';
import { idSchema } from './common';
import {
  REPORT_DECISIONS,
  REPORT_MESSAGES,
  REPORT_NOTE_MAX,
  REPORT_REASON_MAX,
  REPORT_REASONS,
  type ReportReason,
  type ReportStatus,
} from './trust-facts';

/** POST /api/reports. */
export const reportCreateSchema = z.strictObject({
  property_id: idSchema,
  reason: z.enum(REPORT_REASONS, { error: REPORT_MESSAGES.reasonRequired }),
  note: z.string().trim().max(REPORT_NOTE_MAX, REPORT_MESSAGES.noteMax).default(''),
});
export type ReportCreate = z.infer<typeof reportCreateSchema>;
export type ReportCreateInput = z.input<typeof reportCreateSchema>;

/** POST /api/admin/reports/:propertyId/decision: a reason the owner sees, required but to dismiss. */
export const reportDecisionSchema = z
  .strictObject({
    decision: z.enum(REPORT_DECISIONS),
    reason: z.string().trim().max(REPORT_REASON_MAX).default(''),
  })
  .refine((d) => d.decision === 'dismissed' || d.reason.length > 0, {
    error: REPORT_MESSAGES.decisionReasonRequired,
    path: ['reason'],
  });
export type ReportDecisionBody = z.infer<typeof reportDecisionSchema>;

/** A report as the reporter sees it in 我的举报. */
export interface ReportView {
  id: string;
  property_id: string;
  /** The listing's title when reported (the listing may since be gone from the reporter's view). */
  property_title: string;
  reason: ReportReason;
  note: string;
  status: ReportStatus;
  /** The admin's reason with the decision ('' while open or dismissed without one). */
  outcome_reason: string;
  created_at: string;
  decided_at: string | null;
}

/** One listing in the admin's report queue: its open reports, newest first. */
export interface ReportQueueEntry {
  property_id: string;
  property_title: string;
  property_status: string;
  owner_name: string;
  reporter_count: number;
  reasons: ReportReason[];
  reports: {
    id: string;
    reporter_name: string;
    reason: ReportReason;
    note: string;
    created_at: string;
  }[];
}
