import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import { GENERIC_MESSAGES } from '@couchdb/model/errors';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import SyncAltOutlined from '@mui/icons-material/SyncAltOutlined';
import { ROOM_LABELS } from '@couchdb/model/constants';
import type { Demand } from '@couchdb/model/demand';
import {
  DEMAND_STATUSES,
  DEMAND_STATUS_LABELS,
  DEMAND_TYPE_LABELS,
  type DemandStatus,
} from '@couchdb/model/demand-facts';
import { formatArea, formatDate, formatPrice, formatRange } from '@couchdb/rules/format';

type CardDemand = Pick<
  Demand,
  | 'id'
  | 'title'
  | 'type'
  | 'status'
  | 'min_price'
  | 'max_price'
  | 'min_area'
  | 'max_area'
  | 'areas'
  | 'rooms'
  | 'requirements'
  | 'contact'
  | 'created_at'
  | 'updated_at'
> & {
  /** The server's revision: none yet for a demand written offline (shown as 未同步). */
  server_rev?: string | undefined;
};

const STATUS_COLORS = { active: 'primary', inactive: 'default', completed: 'success' } as const;

/**
 * A demand in a list: type and status, ranges, township, rooms, contact, the publisher (on
 * /admin/demands), requirements, dates, and the actions the list offers (edit, status, delete).
 */
export function DemandCard({
  demand: d,
  onDelete,
  publisher,
  onStatus,
  editable = true,
}: {
  demand: CardDemand;
  onDelete(): void;
  /** The publisher's name (or phone) and role label; shown when given. */
  publisher?: { name: string; role: string };
  /** Offers the change to another state when given. */
  onStatus?(to: DemandStatus): void;
  /** Whether to offer the edit link (the owner's form). */
  editable?: boolean;
}) {
  const [statusMenu, setStatusMenu] = useState<HTMLElement | null>(null);
  const priceOf = (v: number) => formatPrice(d.type === 'buy' ? 'sale' : 'rent', v);
  const facts: [string, string][] = [
    ['价格', formatRange(d.min_price, d.max_price, priceOf)],
    ['面积', formatRange(d.min_area, d.max_area, formatArea)],
    ['区域', d.areas.join('、') || '不限'],
    [
      '户型',
      d.rooms.map((n) => ROOM_LABELS[n as keyof typeof ROOM_LABELS] ?? `${n}室`).join('、') ||
        '不限',
    ],
    ['联系人', [d.contact.name, d.contact.phone].filter(Boolean).join(' ')],
    ...(publisher
      ? [['发布人', `${publisher.name}（${publisher.role}）`] as [string, string]]
      : []),
  ];
  return (
    <Card data-testid="demand-card" data-demand-id={d.id} sx={{ p: 2 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Chip size="small" color="secondary" label={DEMAND_TYPE_LABELS[d.type]} />
        <Chip
          size="small"
          variant="outlined"
          color={STATUS_COLORS[d.status]}
          label={DEMAND_STATUS_LABELS[d.status]}
        />
        {!d.server_rev && (
          <Chip
            size="small"
            variant="outlined"
            color="info"
            label={GENERIC_MESSAGES.unsynced}
            data-testid="demand-unsynced"
          />
        )}
        <Typography component="h2" sx={{ fontWeight: 600, flexGrow: 1, minWidth: 0 }} noWrap>
          {d.title}
        </Typography>
      </Stack>
      <Stack
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: 'auto 1fr',
          columnGap: 1.5,
          rowGap: 0.5,
          m: 0,
          fontSize: 14,
          '& dt': { color: 'text.secondary' },
          '& dd': { m: 0 },
        }}
      >
        {facts.map(([label, value]) => (
          <Stack key={label} sx={{ display: 'contents' }}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </Stack>
        ))}
      </Stack>
      {d.requirements && (
        <Typography sx={{ fontSize: 14, mt: 1, color: 'text.secondary', whiteSpace: 'pre-wrap' }}>
          {d.requirements}
        </Typography>
      )}
      <Stack
        direction="row"
        sx={{
          alignItems: 'center',
          justifyContent: 'flex-end',
          mt: 1.5,
          columnGap: 1,
          flexWrap: 'wrap',
          rowGap: 0.5,
        }}
      >
        {/* On a phone the dates take their own line, so the actions stay on one. */}
        <Typography
          sx={{
            fontSize: 12,
            color: 'text.secondary',
            flexGrow: 1,
            flexBasis: { xs: '100%', sm: 0 },
          }}
        >
          发布于 {formatDate(d.created_at)}
          {d.updated_at !== d.created_at && ` · 更新于 ${formatDate(d.updated_at)}`}
        </Typography>
        {editable && (
          <Button
            size="small"
            startIcon={<EditOutlined />}
            component={RouterLink}
            to={`/publish/demand?edit=${encodeURIComponent(d.id)}`}
          >
            编辑
          </Button>
        )}
        {onStatus && (
          <>
            <Button
              size="small"
              startIcon={<SyncAltOutlined />}
              aria-haspopup="menu"
              onClick={(e) => setStatusMenu(e.currentTarget)}
            >
              更改状态
            </Button>
            <Menu
              anchorEl={statusMenu}
              open={statusMenu !== null}
              onClose={() => setStatusMenu(null)}
            >
              {DEMAND_STATUSES.filter((s) => s !== d.status).map((s) => (
                <MenuItem
                  key={s}
                  onClick={() => {
                    setStatusMenu(null);
                    onStatus(s);
                  }}
                >
                  标记为{DEMAND_STATUS_LABELS[s]}
                </MenuItem>
              ))}
            </Menu>
          </>
        )}
        <Button size="small" color="error" startIcon={<DeleteOutlined />} onClick={onDelete}>
          删除
        </Button>
      </Stack>
    </Card>
  );
}
