/**
 * 生成海报: the button that opens a listing's poster dialog (issue 15 item 3), shown to agents only
 * and on public listings (a pending or withdrawn one's link would not open for the people scanning).
 * The dialog, the drawing and the QR library load when it is first pressed.
 */
import { lazy, useState } from 'react';
import Button, { type ButtonProps } from '@mui/material/Button';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import { POSTER_MESSAGES } from '@couchdb/model/poster-facts';
import { isPubliclyVisible } from '@couchdb/rules/public-listing';
import type { PosterProperty } from '@couchdb/rules/poster';
import { LazyPart } from '@client/components/lazy-part';
import { useAuth } from '@client/lib/session/auth-context';

const PosterDialog = lazy(() => import('./poster-dialog'));

export function PosterButton({
  listing,
  ...button
}: { listing: PosterProperty } & Omit<ButtonProps, 'onClick'>) {
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  // Only a public listing: the poster's link must open for whoever scans it.
  if (user?.user_type !== 'agent' || !isPubliclyVisible(listing)) return null;
  return (
    <>
      <Button startIcon={<ImageOutlined />} {...button} onClick={() => setOpen(true)}>
        {POSTER_MESSAGES.button}
      </Button>
      {open && (
        <LazyPart name="the poster dialog" fallback={null}>
          <PosterDialog property={listing} agent={user} onClose={() => setOpen(false)} />
        </LazyPart>
      )}
    </>
  );
}
