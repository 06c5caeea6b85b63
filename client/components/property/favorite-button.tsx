import type { MouseEvent } from 'react';
import IconButton from '@mui/material/IconButton';
import Favorite from '@mui/icons-material/Favorite';
import FavoriteBorder from '@mui/icons-material/FavoriteBorder';

interface FavoriteButtonProps {
  active: boolean;
  onToggle(): void;
  /** 'overlay' sits on a photo (white disc); 'plain' sits in a toolbar. */
  variant?: 'overlay' | 'plain';
}

/** The heart on cards and the detail page; aria-pressed tells whether it is a favourite. */
export function FavoriteButton({ active, onToggle, variant = 'overlay' }: FavoriteButtonProps) {
  const click = (event: MouseEvent) => {
    event.preventDefault();
    event.stopPropagation();
    onToggle();
  };
  return (
    <IconButton
      aria-label={active ? '取消收藏' : '收藏'}
      aria-pressed={active}
      onClick={click}
      size="small"
      sx={
        variant === 'overlay'
          ? {
              bgcolor: 'rgba(255,255,255,0.92)',
              boxShadow: '0 1px 4px rgba(0,0,0,0.15)',
              '&:hover': { bgcolor: 'common.white' },
              color: active ? 'secondary.main' : 'text.secondary',
            }
          : { color: active ? 'secondary.main' : 'text.secondary' }
      }
    >
      {active ? <Favorite fontSize="small" /> : <FavoriteBorder fontSize="small" />}
    </IconButton>
  );
}
