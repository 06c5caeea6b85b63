/**
 * The admin's view of the device database: every listing (an admin's device replicates them all,
 * deleted ones too), the operation log, and the admin's listing writes. Writes go to RxDB first,
 * so they work offline; the gateway checks them again when they sync (architecture §4).
 */
import { combineLatest, map, of } from 'rxjs';
import type { RxDocument } from 'rxdb';
import type { PropertyStatus } from '@couchdb/model/property-facts';
import {
  auditProperty,
  changeStatus,
  planBatchStatusChange,
  type AuditDecision,
} from '@couchdb/rules/property-status';
import { VERIFICATION_MESSAGES, type VerificationStatus } from '@couchdb/model/verification-facts';
import type { UserRole } from '@couchdb/model/roles';
import { decideRevision, hasPendingRevision } from '@couchdb/rules/listing-review';
import { RefusalError } from '@client/lib/failure';
import type { DeviceDatabase } from '../storage/database';
import type { AdminLogEntry } from '@couchdb/model/admin-log';
import type { OplogEntry } from '@couchdb/model/oplog';
import type { OplogDoc } from '../schemas/oplog.schema';
import type { NewsDoc } from '../schemas/news.schema';
import type { PropertyDoc } from '../schemas/property.schema';
import type { UserDoc } from '../schemas/user.schema';
import { useLiveQuery, type LiveResult } from './use-live-query';
import { newestFirst } from './use-news';
import { toPlainProperty } from './use-properties';

/** Every listing on the device, whatever its state (empty for non-admins' databases: the gateway
 * sends them only public and own listings). */
export function useAllProperties(enabled: boolean): LiveResult<PropertyDoc[]> {
  return useLiveQuery(`properties:all:${enabled}`, (db) =>
    enabled
      ? db.properties
          .find()
          .$.pipe(map((docs) => docs.map((d) => toPlainProperty(d as RxDocument<PropertyDoc>))))
      : of([]),
  );
}

/**
 * Every article on the device, newest first: drafts and archived ones too on an admin's device
 * (the gateway sends others only published articles).
 */
export function useAllNews(enabled: boolean): LiveResult<NewsDoc[]> {
  return useLiveQuery(`news:all:${enabled}`, (db) =>
    enabled
      ? db.news
          .find()
          .$.pipe(map((docs) => docs.map((d) => d.toJSON() as NewsDoc).sort(newestFirst)))
      : of([]),
  );
}

/** A property operation log entry on the device. */
export type PropertyLogDoc = OplogEntry & { server_rev?: string };
/** An admin action log entry on the device. */
export type AdminLogDoc = AdminLogEntry & { server_rev?: string };

const isAdminEntry = (d: OplogDoc) => d.kind === 'admin';

/** The property operation log on the device (admins replicate it), optionally of one listing. */
export function useOplog(enabled: boolean, propertyId?: string): LiveResult<PropertyLogDoc[]> {
  return useLiveQuery(`oplog:${enabled}:${propertyId ?? ''}`, (db) =>
    enabled
      ? db.oplog.find(propertyId ? { selector: { property_id: propertyId } } : {}).$.pipe(
          map((docs) =>
            docs
              .map((d) => d.toJSON() as OplogDoc)
              .filter((d) => !isAdminEntry(d))
              .map((d) => d as PropertyLogDoc),
          ),
        )
      : of([]),
  );
}

/** The admin action log on the device (admins replicate it), optionally of one target. */
export function useAdminLog(enabled: boolean, targetId?: string): LiveResult<AdminLogDoc[]> {
  return useLiveQuery(`adminlog:${enabled}:${targetId ?? ''}`, (db) =>
    enabled
      ? db.oplog
          .find({ selector: { kind: 'admin', ...(targetId ? { target_id: targetId } : {}) } })
          .$.pipe(map((docs) => docs.map((d) => d.toJSON() as AdminLogDoc)))
      : of([]),
  );
}

async function modifyListing(
  db: DeviceDatabase,
  id: string,
  change: (old: PropertyDoc) => PropertyDoc,
): Promise<void> {
  const doc = await db.properties.findOne(id).exec();
  if (!doc) throw new Error(`listing ${id} is not on this device`);
  await doc.incrementalModify(change);
}

/**
 * Approves or rejects a pending listing (product §4), or the change waiting for review on an approved
 * one (issue 16: listing-review.ts); throws the rule's message when refused. Says which it decided.
 */
export async function auditListing(
  db: DeviceDatabase,
  id: string,
  decision: AuditDecision,
  admin: { id: string; role: UserRole },
  comment = '',
): Promise<'listing' | 'change'> {
  let decided: 'listing' | 'change' = 'listing';
  await modifyListing(db, id, (old) => {
    if (old.audit_status === 'approved' && old.change_review && hasPendingRevision(old)) {
      decided = 'change';
      return {
        ...old,
        change_review: decideRevision(old.change_review, decision, comment),
        updated_at: new Date().toISOString(),
      };
    }
    const result = auditProperty(old, decision, admin, comment);
    if (!result.ok) throw new RefusalError(result.message);
    return result.property;
  });
  return decided;
}

/** Turns priority display on or off (product §4: priority listings are listed first). */
export async function setListingPriority(
  db: DeviceDatabase,
  id: string,
  priority: boolean,
): Promise<void> {
  await modifyListing(db, id, (old) => ({
    ...old,
    is_priority: priority,
    updated_at: new Date().toISOString(),
  }));
}

/**
 * An admin's check of a listing's verification code (issue 19): verified or invalid; the gateway
 * stamps who and when. Throws when the listing has no code.
 */
export async function checkListingVerification(
  db: DeviceDatabase,
  id: string,
  status: Exclude<VerificationStatus, 'unchecked'>,
): Promise<void> {
  await modifyListing(db, id, (old) => {
    if (!old.verification_code) throw new RefusalError(VERIFICATION_MESSAGES.noCode);
    return { ...old, verification_status: status, updated_at: new Date().toISOString() };
  });
}

/** Moves one listing to `to` under product §4's rules; throws the rule's message when refused. */
export async function changeListingStatus(
  db: DeviceDatabase,
  id: string,
  to: PropertyStatus,
): Promise<void> {
  await modifyListing(db, id, (old) => {
    const result = changeStatus(old, to);
    if (!result.ok) throw new RefusalError(result.message);
    return result.property;
  });
}

/**
 * Moves a batch of listings to `to`: those the rules allow change, the others are reported with
 * the reason (product §4: active ↔ inactive only when approved).
 */
export async function changeListingsStatus(
  db: DeviceDatabase,
  ids: readonly string[],
  to: PropertyStatus,
): Promise<{ changed: number; unchanged: number; refused: { id: string; message: string }[] }> {
  const docs = await db.properties.findByIds([...ids]).exec();
  const listings = [...docs.values()].map((d) => toPlainProperty(d as RxDocument<PropertyDoc>));
  const { allowed, refused } = planBatchStatusChange(listings, to);
  for (const p of allowed) await changeListingStatus(db, p.id, to);
  return {
    changed: allowed.length,
    unchanged: ids.length - allowed.length - refused.length,
    refused,
  };
}

/** Every account on the device (an admin's device replicates them all). */
export function useAllUsers(enabled: boolean): LiveResult<UserDoc[]> {
  return useLiveQuery(`users:all:${enabled}`, (db) =>
    enabled
      ? db.users.find().$.pipe(map((docs) => docs.map((d) => d.toJSON() as UserDoc)))
      : of([]),
  );
}

/**
 * How many listings and demands an account owns, as the admin's device holds them: its listings as
 * the user's 发布管理 lists them (every status but deleted), and apart the deleted ones it still
 * owns (the gateway counts them too before it deletes an account).
 */
export function useOwnedCounts(
  userId: string | null,
): LiveResult<{ listings: number; deletedListings: number; demands: number }> {
  return useLiveQuery(`owned:${userId ?? ''}`, (db) =>
    userId
      ? combineLatest([
          // find, not count: RxDB counts only on fully indexed selectors.
          db.properties.find({ selector: { user_id: userId } }).$,
          db.demands.find({ selector: { user_id: userId } }).$.pipe(map((d) => d.length)),
        ]).pipe(
          map(([listings, demands]) => {
            const deletedListings = listings.filter((p) => p.status === 'deleted').length;
            return { listings: listings.length - deletedListings, deletedListings, demands };
          }),
        )
      : of({ listings: 0, deletedListings: 0, demands: 0 }),
  );
}
