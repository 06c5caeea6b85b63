/**
 * 生成海报: the button that opens a listing's poster dialog (issue 15 item 3), shown to agents only.
 * The dialog, the drawing and the QR library load when it is first pressed.
 */
import { lazy, useState } from 'react';
import Button, { type ButtonProps } from '@mui/material/Button';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import type { Property } from '@couchdb/model/property';
import { POSTER_MESSAGES } from '@couchdb/model/promotion-facts';
import type { PosterListing } from '@couchdb/rules/poster';
import { LazyPart } from '@client/components/lazy-part';
import { useAuth } from '@client/lib/session/auth-context';

const PosterDialog = lazy(() => import('./poster-dialog'));

export type PosterProperty = PosterListing & Pick<Property, 'id' | 'images'>;

export function PosterButton({
  listing,
  ...button
}: { listing: PosterProperty } & Omit<ButtonProps, 'onClick'>) {
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  if (user?.user_type !== 'agent') return null;
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
