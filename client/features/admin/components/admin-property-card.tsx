import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SMALL_BUTTON_ROW_SX } from '@client/components/look';
import { PROPERTY_TYPE_LABELS, REVISION_MESSAGES } from '@couchdb/model/property-facts';
import { changedFieldLabels, hasPendingRevision } from '@couchdb/rules/listing-review';
import { formatArea, formatDate, formatPrice } from '@couchdb/rules/format';
import { AUDIT_STATUS_LABELS, PROPERTY_STATUS_LABELS } from '@couchdb/rules/property-status';
import { isPubliclyVisible } from '@couchdb/rules/public-listing';
import { VERIFICATION_MESSAGES, VERIFICATION_STATUS_LABELS } from '@couchdb/model/trust-facts';
import { ListingThumb } from '@client/components/property/listing-thumb';
import type { PropertyDoc } from '@client/data/schemas/property.schema';
import { moderationText } from '@client/components/property/moderation-text';

export const PRIORITY_BADGE = '优先展示';

const STATUS_COLORS = { active: 'success', inactive: 'default', deleted: 'error' } as const;
const AUDIT_COLORS = { pending: 'warning', approved: 'info', rejected: 'error' } as const;

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

/**
 * A listing as the admin sees it (product §2 "Admin listing management"): cover, status, audit and
 * priority badges, title, district, price, area, views, date, publisher; the actions its state
 * allows (product §4): approve/reject while pending, take down/put up once approved, delete unless
 * deleted, and priority display.
 */
export function AdminPropertyCard({
  property: p,
  selected,
  onSelect,
  actions,
}: {
  property: PropertyDoc;
  selected?: boolean;
  onSelect?(selected: boolean): void;
  actions: AdminCardActions;
}) {
  // A new submission, or a change to an approved listing waiting for review (issue 16).
  const changeWaits = hasPendingRevision(p) && p.status !== 'deleted';
  const pending = (p.audit_status === 'pending' || changeWaits) && p.status !== 'deleted';
  const approved = p.audit_status === 'approved' && p.status !== 'deleted';
  return (
    <Card
      data-testid="admin-property-card"
      data-property-id={p.id}
      sx={{ p: 1.5, outline: selected ? '2px solid' : 'none', outlineColor: 'primary.main' }}
    >
      <Stack direction="row" spacing={1.5}>
        {onSelect && (
          <Checkbox
            checked={selected ?? false}
            onChange={(e) => onSelect(e.target.checked)}
            slotProps={{ input: { 'aria-label': `选择「${p.title}」` } }}
            sx={{ alignSelf: 'flex-start', p: 0.5, ml: -0.5 }}
          />
        )}
        <ListingThumb images={p.images} />
        <Stack spacing={0.5} sx={{ minWidth: 0, flexGrow: 1 }}>
          <Stack direction="row" sx={{ gap: 0.75, flexWrap: 'wrap' }}>
            {/* 上架 is green only while the public sees it: before approval it is grey. */}
            <Chip
              size="small"
              color={
                p.status === 'active' && !isPubliclyVisible(p) ? 'default' : STATUS_COLORS[p.status]
              }
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
                color={changeWaits ? 'warning' : 'error'}
                label={changeWaits ? REVISION_MESSAGES.queueLabel : REVISION_MESSAGES.rejected}
                data-testid="revision-badge"
              />
            )}
            {p.is_priority && (
              <Chip
                size="small"
                color="secondary"
                label={PRIORITY_BADGE}
                data-testid="priority-badge"
              />
            )}
            <Chip size="small" variant="outlined" label={PROPERTY_TYPE_LABELS[p.type]} />
          </Stack>
          <Typography component="h3" sx={{ fontWeight: 600 }} noWrap>
            {p.title}
          </Typography>
          <Typography sx={{ fontSize: 13, color: 'text.secondary' }} noWrap>
            {[p.address.district, p.address.community, p.address.address]
              .filter(Boolean)
              .join(' · ')}
          </Typography>
          <Stack direction="row" sx={{ alignItems: 'baseline', flexWrap: 'wrap', columnGap: 1.5 }}>
            <Typography sx={{ color: 'secondary.main', fontWeight: 700, whiteSpace: 'nowrap' }}>
              {formatPrice(p.type, p.price)}
            </Typography>
            <Typography sx={{ fontSize: 13 }}>{formatArea(p.area)}</Typography>
            <Typography sx={{ fontSize: 12, color: 'text.disabled' }}>
              浏览 {p.view_count ?? 0} · {formatDate(p.created_at)} · 发布人{' '}
              {p.owner?.name || '未知用户'}
            </Typography>
          </Stack>
          {p.audit_status === 'rejected' && p.audit_comment && (
            <Typography sx={{ fontSize: 13, color: 'error.main' }}>
              拒绝原因：{p.audit_comment}
            </Typography>
          )}
          <VerificationLine property={p} />
          {changeWaits && (
            <Typography sx={{ fontSize: 13, color: 'warning.dark' }} data-testid="revision-fields">
              {REVISION_MESSAGES.changedFields(changedFieldLabels(p))}
            </Typography>
          )}
        </Stack>
      </Stack>
      <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 1, ...SMALL_BUTTON_ROW_SX }}>
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
          <Button
            size="small"
            color="secondary"
            onClick={() => actions.onPriority!(!p.is_priority)}
          >
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
      </Stack>
    </Card>
  );
}

/** The listing's verification code and its check, and the admin's report notice, if any. */
function VerificationLine({ property: p }: { property: PropertyDoc }) {
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
    </>
  );
}
