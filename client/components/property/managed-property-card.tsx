import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import type { ReactNode } from 'react';
import type { Property } from '@couchdb/model/property';
import { PROPERTY_TYPE_LABELS, REVISION_MESSAGES } from '@couchdb/model/property-facts';
import {
  VERIFICATION_MESSAGES,
  VERIFICATION_STATUS_LABELS,
} from '@couchdb/model/verification-facts';
import { changedFieldLabels, hasPendingRevision } from '@couchdb/rules/listing-review';
import { formatArea, formatDate, formatPrice, formatShortAddress } from '@couchdb/rules/format';
import {
  AUDIT_STATUS_LABELS,
  myListingStatusLabel,
  PROPERTY_STATUS_LABELS,
} from '@couchdb/rules/property-status';
import { isPubliclyVisible } from '@couchdb/rules/public-listing';
import { SMALL_BUTTON_ROW_SX } from '@client/components/look';
import type { PropertyDoc } from '@client/data/schemas/property.schema';
import { ListingThumb } from './listing-thumb';
import { moderationText } from './moderation-text';

/** What the owner's lists read of a listing. */
type OwnProperty = Pick<
  Property,
  | 'id'
  | 'title'
  | 'type'
  | 'price'
  | 'area'
  | 'address'
  | 'images'
  | 'status'
  | 'audit_status'
  | 'audit_comment'
  | 'view_count'
  | 'created_at'
  | 'change_review'
  | 'moderation'
>;

export interface AdminCardActions {
  onPriority?(on: boolean): void;
  onApprove?(): void;
  onReject?(): void;
  onStatus?(to: 'active' | 'inactive'): void;
  onDelete?(): void;
  onLog?(): void;
  /** 核验通过 / 核验无效 (issue 19), shown when the listing has a verification code. */
  onVerify?(status: 'verified' | 'invalid'): void;
}

interface OwnerVariant {
  variant: 'owner';
  property: OwnProperty;
  onDelete(): void;
  /** Another action beside 查看 and 编辑 (the agent's 生成海报 on 我的房源). */
  extraAction?: ReactNode;
}

interface AdminVariant {
  variant: 'admin';
  property: PropertyDoc;
  selected?: boolean;
  onSelect?(selected: boolean): void;
  actions: AdminCardActions;
}

/**
 * A listing in a list that manages it. The owner's variant (product §2 "My listings"): the combined
 * status label (with the rejection reason), a change waiting for review or refused (issue 16), the
 * admin's notice after a report (issue 19), and 查看, 编辑, 删除. The admin's variant (product §2
 * "Admin listing management"): status, audit and priority badges, the publisher, the verification
 * code, and the actions the listing's state allows (product §4). Both show the cover, type, title,
 * short address, price, area, views and date the same way.
 */
export function ManagedPropertyCard(props: OwnerVariant | AdminVariant) {
  const p = props.property;
  const admin = props.variant === 'admin' ? props : null;
  return (
    <Card
      data-testid={admin ? 'admin-property-card' : 'own-property-card'}
      data-property-id={p.id}
      sx={{ p: 1.5, outline: admin?.selected ? '2px solid' : 'none', outlineColor: 'primary.main' }}
    >
      <Stack direction="row" spacing={1.5}>
        {admin?.onSelect && (
          <Checkbox
            checked={admin.selected ?? false}
            onChange={(e) => admin.onSelect!(e.target.checked)}
            slotProps={{ input: { 'aria-label': `选择「${p.title}」` } }}
            sx={{ alignSelf: 'flex-start', p: 0.5, ml: -0.5 }}
          />
        )}
        <ListingThumb images={p.images} />
        <Stack spacing={0.5} sx={{ minWidth: 0, flexGrow: 1 }}>
          <Stack direction="row" sx={{ gap: 0.75, flexWrap: 'wrap', alignItems: 'center' }}>
            {props.variant === 'admin' ? (
              <AdminBadges property={props.property} />
            ) : (
              <OwnerBadges property={props.property} />
            )}
            <Chip size="small" variant="outlined" label={PROPERTY_TYPE_LABELS[p.type]} />
          </Stack>
          <Typography component="h2" sx={{ fontWeight: 600 }} noWrap>
            {p.title}
          </Typography>
          <Typography sx={{ fontSize: 13, color: 'text.secondary' }} noWrap>
            {formatShortAddress(p.address)}
          </Typography>
          <Stack direction="row" sx={{ alignItems: 'baseline', flexWrap: 'wrap', columnGap: 1.5 }}>
            <Typography sx={{ color: 'secondary.main', fontWeight: 700, whiteSpace: 'nowrap' }}>
              {formatPrice(p.type, p.price)}
            </Typography>
            <Typography sx={{ fontSize: 13 }}>{formatArea(p.area)}</Typography>
            <Typography sx={{ fontSize: 12, color: 'text.secondary' }}>
              浏览 {p.view_count ?? 0} · {formatDate(p.created_at)}
              {admin && ` · 发布人 ${admin.property.owner?.name || '未知用户'}`}
            </Typography>
          </Stack>
          {p.audit_status === 'rejected' && p.audit_comment && (
            <Typography role="note" sx={{ fontSize: 13, color: 'error.main' }}>
              拒绝原因：{p.audit_comment}
            </Typography>
          )}
          {props.variant === 'admin' ? (
            <AdminNotes property={props.property} />
          ) : (
            <OwnerNotes property={props.property} />
          )}
        </Stack>
      </Stack>
      <Stack
        direction="row"
        sx={{
          justifyContent: 'flex-end',
          mt: 1,
          ...SMALL_BUTTON_ROW_SX,
          columnGap: admin ? SMALL_BUTTON_ROW_SX.columnGap : 1,
        }}
      >
        {props.variant === 'admin' ? <AdminActions {...props} /> : <OwnerActions {...props} />}
      </Stack>
    </Card>
  );
}

const OWNER_LABEL_COLORS: Record<string, 'warning' | 'error' | 'success' | 'default' | 'info'> = {
  待审核: 'warning',
  已拒绝: 'error',
  已发布: 'success',
  已下架: 'default',
  已通过: 'info',
};

function OwnerBadges({ property: p }: { property: OwnProperty }) {
  const label = myListingStatusLabel(p);
  return (
    <>
      <Chip
        size="small"
        color={OWNER_LABEL_COLORS[label] ?? 'default'}
        label={label}
        data-testid="own-property-status"
      />
      {p.change_review && (
        <Chip
          size="small"
          variant="outlined"
          color={p.change_review.status === 'pending' ? 'warning' : 'error'}
          label={REVISION_MESSAGES[p.change_review.status]}
          data-testid="own-property-revision"
        />
      )}
    </>
  );
}

function OwnerNotes({ property: p }: { property: OwnProperty }) {
  return (
    <>
      {p.moderation && (
        <Typography
          role="note"
          data-testid="own-property-moderation"
          sx={{ fontSize: 13, color: 'error.main' }}
        >
          {moderationText(p.moderation)}
        </Typography>
      )}
      {p.change_review && (
        <Typography
          role="note"
          data-testid="own-property-revision-note"
          sx={{
            fontSize: 13,
            color: p.change_review.status === 'pending' ? 'text.secondary' : 'error.main',
          }}
        >
          {p.change_review.status === 'pending'
            ? REVISION_MESSAGES.ownerPending
            : REVISION_MESSAGES.ownerRejected(p.change_review.comment)}
        </Typography>
      )}
    </>
  );
}

function OwnerActions({ property: p, onDelete, extraAction }: OwnerVariant) {
  return (
    <>
      <Button
        size="small"
        startIcon={<VisibilityOutlined />}
        component={RouterLink}
        to={`/properties/${encodeURIComponent(p.id)}`}
      >
        查看
      </Button>
      <Button
        size="small"
        startIcon={<EditOutlined />}
        component={RouterLink}
        to={`/publish/property?edit=${encodeURIComponent(p.id)}`}
      >
        编辑
      </Button>
      {extraAction}
      <Button size="small" color="error" startIcon={<DeleteOutlined />} onClick={onDelete}>
        删除
      </Button>
    </>
  );
}

const PRIORITY_BADGE = '优先展示';
const STATUS_COLORS = { active: 'success', inactive: 'default', deleted: 'error' } as const;
const AUDIT_COLORS = { pending: 'warning', approved: 'info', rejected: 'error' } as const;

/** A new submission, or a change to an approved listing waiting for review (issue 16). */
const changeWaits = (p: PropertyDoc) => hasPendingRevision(p) && p.status !== 'deleted';

function AdminBadges({ property: p }: { property: PropertyDoc }) {
  return (
    <>
      {/* 上架 is green only while the public sees it: before approval it is grey. */}
      <Chip
        size="small"
        color={p.status === 'active' && !isPubliclyVisible(p) ? 'default' : STATUS_COLORS[p.status]}
        label={PROPERTY_STATUS_LABELS[p.status]}
        data-testid="status-badge"
      />
      <Chip
        size="small"
        variant="outlined"
        color={AUDIT_COLORS[p.audit_status]}
        label={AUDIT_STATUS_LABELS[p.audit_status]}
        data-testid="audit-badge"
      />
      {p.change_review && (
        <Chip
          size="small"
          color={changeWaits(p) ? 'warning' : 'error'}
          label={changeWaits(p) ? REVISION_MESSAGES.queueLabel : REVISION_MESSAGES.rejected}
          data-testid="revision-badge"
        />
      )}
      {p.is_priority && (
        <Chip size="small" color="secondary" label={PRIORITY_BADGE} data-testid="priority-badge" />
      )}
    </>
  );
}

/** The listing's verification code and its check, the report notice, the fields a change edits. */
function AdminNotes({ property: p }: { property: PropertyDoc }) {
  return (
    <>
      {p.verification_code && (
        <Typography sx={{ fontSize: 13 }} data-testid="admin-verification">
          {VERIFICATION_MESSAGES.codeLabel}：{p.verification_code}（
          {VERIFICATION_STATUS_LABELS[p.verification_status ?? 'unchecked']}）
        </Typography>
      )}
      {p.moderation && (
        <Typography sx={{ fontSize: 13, color: 'error.main' }} data-testid="admin-moderation">
          {moderationText(p.moderation)}
        </Typography>
      )}
      {changeWaits(p) && (
        <Typography sx={{ fontSize: 13, color: 'warning.dark' }} data-testid="revision-fields">
          {REVISION_MESSAGES.changedFields(changedFieldLabels(p))}
        </Typography>
      )}
    </>
  );
}

function AdminActions({ property: p, actions }: AdminVariant) {
  const pending = (p.audit_status === 'pending' || changeWaits(p)) && p.status !== 'deleted';
  const approved = p.audit_status === 'approved' && p.status !== 'deleted';
  return (
    <>
      <Button size="small" component={RouterLink} to={`/properties/${encodeURIComponent(p.id)}`}>
        查看
      </Button>
      {actions.onLog && (
        <Button size="small" onClick={actions.onLog}>
          日志
        </Button>
      )}
      {pending && (
        <Button
          size="small"
          component={RouterLink}
          to={`/publish/property?edit=${encodeURIComponent(p.id)}`}
        >
          编辑
        </Button>
      )}
      {actions.onPriority && p.status !== 'deleted' && (
        <Button size="small" color="secondary" onClick={() => actions.onPriority!(!p.is_priority)}>
          {p.is_priority ? '取消优先' : '设为优先'}
        </Button>
      )}
      {pending && actions.onReject && (
        <Button size="small" color="error" variant="outlined" onClick={actions.onReject}>
          拒绝
        </Button>
      )}
      {pending && actions.onApprove && (
        <Button
          size="small"
          color="success"
          variant="contained"
          // A double click approves once: its second click would land on the next listing's
          // 通过, which moves up under the pointer as this one leaves the queue.
          onClick={(event) => event.detail <= 1 && actions.onApprove?.()}
        >
          通过
        </Button>
      )}
      {actions.onVerify && p.verification_code && p.status !== 'deleted' && (
        <>
          {p.verification_status !== 'invalid' && (
            <Button size="small" color="error" onClick={() => actions.onVerify!('invalid')}>
              {VERIFICATION_MESSAGES.invalidate}
            </Button>
          )}
          {p.verification_status !== 'verified' && (
            <Button
              size="small"
              color="primary"
              variant="outlined"
              onClick={() => actions.onVerify!('verified')}
            >
              {VERIFICATION_MESSAGES.verify}
            </Button>
          )}
        </>
      )}
      {approved && actions.onStatus && (
        <Button
          size="small"
          variant="outlined"
          onClick={() => actions.onStatus!(p.status === 'active' ? 'inactive' : 'active')}
        >
          {p.status === 'active' ? '下架' : '上架'}
        </Button>
      )}
      {p.status !== 'deleted' && actions.onDelete && (
        <Button size="small" color="error" onClick={actions.onDelete}>
          删除
        </Button>
      )}
    </>
  );
}
