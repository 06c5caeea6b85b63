import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import type { ReactNode } from 'react';
import type { Property } from '@couchdb/model/property';
import { PROPERTY_TYPE_LABELS, REVISION_MESSAGES } from '@couchdb/model/property-facts';
import { formatArea, formatDate, formatPrice, formatShortAddress } from '@couchdb/rules/format';
import { myListingStatusLabel } from '@couchdb/rules/property-status';
import { moderationText } from './moderation-text';
import { ListingThumb } from './listing-thumb';

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

const LABEL_COLORS: Record<string, 'warning' | 'error' | 'success' | 'default' | 'info'> = {
  待审核: 'warning',
  已拒绝: 'error',
  已发布: 'success',
  已下架: 'default',
  已通过: 'info',
};

/**
 * A listing in its owner's lists (product §2 "My listings"): the combined status label (with the
 * rejection reason), a change waiting for review or refused (issue 16), the admin's notice after a
 * report (issue 19), type, address, price,
 * area, views, date, the link and delete.
 */
export function OwnPropertyCard({
  property: p,
  onDelete,
  extraAction,
}: {
  property: OwnProperty;
  onDelete(): void;
  /** Another action beside 查看 and 编辑 (the agent's 生成海报 on 我的房源). */
  extraAction?: ReactNode;
}) {
  const label = myListingStatusLabel(p);
  return (
    <Card data-testid="own-property-card" data-property-id={p.id} sx={{ p: 1.5 }}>
      <Stack direction="row" spacing={1.5}>
        <ListingThumb images={p.images} />
        <Stack spacing={0.5} sx={{ minWidth: 0, flexGrow: 1 }}>
          <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
            <Chip
              size="small"
              color={LABEL_COLORS[label] ?? 'default'}
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
            <Chip size="small" variant="outlined" label={PROPERTY_TYPE_LABELS[p.type]} />
          </Stack>
          <Typography component="h3" sx={{ fontWeight: 600 }} noWrap>
            {p.title}
          </Typography>
          <Typography sx={{ fontSize: 13, color: 'text.secondary' }} noWrap>
            {formatShortAddress(p.address)}
          </Typography>
          <Stack
            useFlexGap
            direction="row"
            spacing={1.5}
            sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}
          >
            <Typography sx={{ color: 'secondary.main', fontWeight: 700, whiteSpace: 'nowrap' }}>
              {formatPrice(p.type, p.price)}
            </Typography>
            <Typography sx={{ fontSize: 13 }}>{formatArea(p.area)}</Typography>
            <Typography sx={{ fontSize: 12, color: 'text.disabled' }}>
              浏览 {p.view_count ?? 0} · {formatDate(p.created_at)}
            </Typography>
          </Stack>
          {p.audit_status === 'rejected' && p.audit_comment && (
            <Typography role="note" sx={{ fontSize: 13, color: 'error.main' }}>
              拒绝原因：{p.audit_comment}
            </Typography>
          )}
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
        </Stack>
      </Stack>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mt: 1 }}>
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
      </Stack>
    </Card>
  );
}
