import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import Container from '@mui/material/Container';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import ShareOutlined from '@mui/icons-material/ShareOutlined';
import { PROMOTION_MESSAGES } from '@couchdb/model/promotion-facts';
import { isPubliclyVisible } from '@couchdb/rules/public-listing';
import { formatPrice } from '@couchdb/rules/format';
import { SHARE_LIST_MAX, shareListText } from '@couchdb/rules/share-list';
import { copyText } from '@client/components/copy-text';
import { EmptyState } from '@client/components/empty-state';
import { PageHeader } from '@client/components/page-header';
import { useToast } from '@client/components/toast/toast-context';
import { useMyProperties } from '@client/data/hooks';
import { displayName } from '@client/lib/session/display-name';
import { useAuth } from '@client/lib/session/auth-context';
import { AgentGate } from './components/agent-gate';
import { ToolsBackLink } from './components/tools-back-link';

const pm = PROMOTION_MESSAGES;

/**
 * 房源分享清单 (issue 15, an agent tool): the agent ticks their public listings (none at first, up
 * to SHARE_LIST_MAX; 选前N套 ticks the newest) and gets one message to send a client, each listing
 * with its promotion link (ref=list), composed on the device from its own data, so it works offline.
 */
export default function ShareListScreen() {
  return (
    <AgentGate>
      <ShareList />
    </AgentGate>
  );
}

function ShareList() {
  const { user } = useAuth();
  const toast = useToast();
  const { data: mine } = useMyProperties(user?.id ?? null);
  const listings = useMemo(() => (mine ?? []).filter(isPubliclyVisible), [mine]);
  // Nothing is ticked at first: the agent picks what suits this client, up to SHARE_LIST_MAX.
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const chosen = listings.filter((l) => picked.has(l.id));
  const full = chosen.length >= SHARE_LIST_MAX;
  const [now] = useState(() => Date.now());

  if (!user) return null;
  const text =
    chosen.length > 0
      ? shareListText(
          chosen,
          {
            id: user.id,
            name: displayName(user),
            ...(user.phone ? { phone: user.phone } : {}),
            ...(user.company ? { company: user.company } : {}),
          },
          window.location.origin,
          now,
        )
      : '';
  const toggle = (id: string) =>
    setPicked((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else if (!full) next.add(id);
      return next;
    });
  const pickFirst = Math.min(listings.length, SHARE_LIST_MAX);
  const copy = async () => {
    if (await copyText(text)) toast.success(pm.listCopied);
    else toast.error(pm.copyFailed);
  };
  const canShare = typeof navigator.share === 'function';
  const share = async () => {
    try {
      await navigator.share({ title: pm.shareTitle, text });
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') return;
      toast.error(pm.shareFailed);
    }
  };

  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, md: 3 } }}>
      <ToolsBackLink />
      <PageHeader title="房源分享清单" />
      {!mine && <Skeleton variant="rounded" height={160} />}
      {mine && listings.length === 0 && (
        <EmptyState
          title={pm.listEmpty}
          action={
            <Button component={RouterLink} to="/my-properties" variant="outlined">
              我的房源
            </Button>
          }
        />
      )}
      {listings.length > 0 && (
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={2}
          sx={{ alignItems: 'flex-start' }}
        >
          <Card sx={{ p: 1.5, flex: 1, width: '100%' }}>
            <Stack direction="row" sx={{ alignItems: 'center', gap: 1, px: 1, pb: 0.5 }}>
              <Typography
                sx={{ fontSize: 13, color: 'text.secondary', flexGrow: 1 }}
                data-testid="share-list-picked"
              >
                {pm.listPicked(chosen.length, SHARE_LIST_MAX)}
              </Typography>
              {chosen.length > 0 ? (
                <Button size="small" onClick={() => setPicked(new Set())}>
                  {pm.listClear}
                </Button>
              ) : (
                <Button
                  size="small"
                  onClick={() =>
                    setPicked(new Set(listings.slice(0, SHARE_LIST_MAX).map((l) => l.id)))
                  }
                >
                  {pm.listPickFirst(pickFirst)}
                </Button>
              )}
            </Stack>
            <Stack>
              {listings.map((l) => (
                <FormControlLabel
                  key={l.id}
                  sx={{ mx: 0 }}
                  disabled={full && !picked.has(l.id)}
                  control={<Checkbox checked={picked.has(l.id)} onChange={() => toggle(l.id)} />}
                  label={
                    <Typography sx={{ fontSize: 14 }}>
                      {l.title}
                      <Typography
                        component="span"
                        sx={{ color: 'error.main', ml: 1, fontSize: 13, whiteSpace: 'nowrap' }}
                      >
                        {formatPrice(l.type, l.price)}
                      </Typography>
                    </Typography>
                  }
                />
              ))}
            </Stack>
          </Card>
          <Card sx={{ p: 2, flex: 1, width: '100%' }}>
            <TextField
              label="分享内容"
              value={text}
              placeholder={pm.listPickHint}
              multiline
              minRows={8}
              maxRows={20}
              fullWidth
              slotProps={{
                htmlInput: { readOnly: true, 'data-testid': 'share-list-text' },
                inputLabel: { shrink: true },
              }}
            />
            <Stack direction="row" spacing={1} sx={{ mt: 1.5 }}>
              <Button
                variant="contained"
                startIcon={<ContentCopyOutlined />}
                onClick={copy}
                disabled={!text}
                fullWidth
              >
                复制清单
              </Button>
              {canShare && (
                <Button
                  variant="outlined"
                  startIcon={<ShareOutlined />}
                  onClick={share}
                  disabled={!text}
                  fullWidth
                >
                  分享
                </Button>
              )}
            </Stack>
          </Card>
        </Stack>
      )}
    </Container>
  );
}
