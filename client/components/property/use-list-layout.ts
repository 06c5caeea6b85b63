import { useState } from 'react';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { PropertyCardLayout } from '@client/components/property/property-card';

const KEY = 'cjfc.list.layout';

function readStored(): PropertyCardLayout | null {
  try {
    const v = localStorage.getItem(KEY);
    return v === 'grid' || v === 'list' ? v : null;
  } catch {
    return null;
  }
}

/** Grid or list: the user's last choice on this device, else list on phones and grid on wider screens. */
export function useListLayout(): [PropertyCardLayout, (layout: PropertyCardLayout) => void] {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [chosen, setChosen] = useState<PropertyCardLayout | null>(readStored);
  const set = (layout: PropertyCardLayout) => {
    setChosen(layout);
    try {
      localStorage.setItem(KEY, layout);
    } catch {
      // Private mode: the choice lasts for this visit only.
    }
  };
  return [chosen ?? (phone ? 'list' : 'grid'), set];
}
