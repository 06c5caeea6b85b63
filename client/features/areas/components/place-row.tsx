import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ChevronRight from '@mui/icons-material/ChevronRight';
import type { PropertyType } from '@couchdb/model/property-facts';
import { formatHeadline, type ListingFigures } from '@couchdb/rules/area-stats';

/**
 * A township or 小区 with the figures of one type: its number of listings and average 单价 (sale)
 * or rent, the whole row leading to `to`; `aside` sits beside it (a 小区's page link).
 */
export function PlaceRow({
  name,
  detail,
  type,
  figures,
  to,
  aside,
  testId,
}: {
  name: string;
  detail?: string;
  type: PropertyType;
  figures: ListingFigures;
  to: string;
  aside?: ReactNode;
  testId: string;
}) {
  return (
    <Card data-testid={testId} data-name={name} sx={{ display: 'flex', alignItems: 'stretch' }}>
      <CardActionArea
        component={RouterLink}
        to={to}
        sx={{ display: 'flex', justifyContent: 'flex-start', gap: 1.5, px: 2, py: 1.75 }}
      >
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography component="h2" sx={{ fontWeight: 600, fontSize: 16 }} noWrap>
            {name}
          </Typography>
          <Typography color="textSecondary" sx={{ fontSize: 13 }} noWrap>
            {detail ?? ''}
            <Box component="span" data-testid="place-count">
              {figures.count}
            </Box>
            套{type === 'sale' ? '在售' : '在租'}
          </Typography>
        </Box>
        <Box sx={{ textAlign: 'right', flexShrink: 0 }}>
          <Typography
            data-testid="place-average"
            sx={{ fontWeight: 700, color: figures.count ? 'secondary.main' : 'text.secondary' }}
          >
            {formatHeadline(type, figures)}
          </Typography>
          <Typography color="textSecondary" sx={{ fontSize: 12 }}>
            {type === 'sale' ? '均价' : '平均租金'}
          </Typography>
        </Box>
        <ChevronRight sx={{ color: 'text.disabled' }} />
      </CardActionArea>
      {aside && (
        <Stack sx={{ justifyContent: 'center', borderLeft: '1px solid', borderColor: 'divider' }}>
          {aside}
        </Stack>
      )}
    </Card>
  );
}
