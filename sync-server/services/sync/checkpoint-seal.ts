/**
 * The role a pull checkpoint names is the gateway's word, not the device's: a checkpoint carries
 * the role it was made for and, during the re-pull after a role change, the former role (whose
 * documents the device may still hold and gets deletion stubs for). A caller naming a former role
 * it never had would list the ids of every document that role sees (security probe, finding 2), so
 * the gateway seals the pair with a keyed hash over the caller's id; one it did not seal names no
 * former role.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { SyncCheckpoint, SyncScope } from '@couchdb/model/sync';
import type { Viewer } from '@couchdb/rules/access';

export class CheckpointSeal {
  private readonly key: Buffer;

  /** `secret`: shared by every gateway (the JWT secret); a random one serves a lone process. */
  constructor(secret?: string) {
    this.key = createHmac('sha256', secret ?? randomBytes(32))
      .update('cjfc-pull-checkpoint')
      .digest();
  }

  /** The seal of `role` (and `was`) for this caller. */
  sign(viewer: Viewer, role: SyncScope, was?: SyncScope): string {
    return createHmac('sha256', this.key)
      .update(`${viewer?.id ?? ''}|${role}|${was ?? ''}`)
      .digest('base64url')
      .slice(0, 22);
  }

  /** Whether this caller's checkpoint names roles the gateway sealed for this caller. */
  verify(viewer: Viewer, checkpoint: SyncCheckpoint | null): boolean {
    if (!checkpoint?.role || !checkpoint.sig) return false;
    const want = Buffer.from(this.sign(viewer, checkpoint.role, checkpoint.was));
    const got = Buffer.from(checkpoint.sig);
    return got.length === want.length && timingSafeEqual(got, want);
  }
}
