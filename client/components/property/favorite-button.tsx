import type { MouseEvent } from 'react';
import IconButton from '@mui/material/IconButton';
import { styled } from '@mui/material/styles';
import Favorite from '@mui/icons-material/Favorite';
import FavoriteBorder from '@mui/icons-material/FavoriteBorder';
import { COLORS, touchReach } from '@client/components/look';

interface FavoriteButtonProps {
  active: boolean;
  onToggle(): void;
  /** 'overlay' sits on a photo (white disc); 'plain' sits in a toolbar. */
  variant?: 'overlay' | 'plain';
}

/**
 * One static style (every card in a list has a heart). About 30 px: on a touch screen its hit area
 * reaches 7 px further each way, the 44 px a finger needs (a card places it 8 px from its edges).
 */
const Heart = styled(IconButton)({
  ...touchReach(7, 7),
  color: COLORS.text.secondary,
  '&.favorite-active': { color: COLORS.secondary.main },
  '&.favorite-overlay': {
    backgroundColor: 'rgba(255,255,255,0.92)',
    boxShadow: '0 1px 4px rgba(0,0,0,0.15)',
    '&:hover': { backgroundColor: '#fff' },
  },
});

/** The heart on cards and the detail page; aria-pressed tells whether it is a favourite. */
export function FavoriteButton({ active, onToggle, variant = 'overlay' }: FavoriteButtonProps) {
  const click = (event: MouseEvent) => {
    event.preventDefault();
    event.stopPropagation();
    onToggle();
  };
  return (
    <Heart
      aria-label={active ? '取消收藏' : '收藏'}
      aria-pressed={active}
      onClick={click}
      size="small"
      className={`favorite-${variant}${active ? ' favorite-active' : ''}`}
    >
      {active ? <Favorite fontSize="small" /> : <FavoriteBorder fontSize="small" />}
    </Heart>
  );
}
