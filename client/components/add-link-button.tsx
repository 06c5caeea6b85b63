import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import AddOutlined from '@mui/icons-material/AddOutlined';

/** 发布房源 / 发布需求: a link styled as a button with the add icon. */
export function AddLinkButton({
  to,
  children,
  variant = 'contained',
}: {
  to: string;
  children: ReactNode;
  variant?: 'contained' | 'outlined';
}) {
  return (
    <Button variant={variant} startIcon={<AddOutlined />} component={RouterLink} to={to}>
      {children}
    </Button>
  );
}
