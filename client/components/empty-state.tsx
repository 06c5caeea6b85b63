import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import InboxOutlined from '@mui/icons-material/InboxOutlined';

interface EmptyStateProps {
  title: string;
  description?: string;
  icon?: ReactNode;
  /** A button or link that gets the user going again. */
  action?: ReactNode;
  /** The title's element: 'h1' where the card is the whole screen (访问受限). */
  titleAs?: 'p' | 'h1';
}

/** A calm "nothing here" card: icon, one line, an optional hint and action. */
export function EmptyState({ title, description, icon, action, titleAs = 'p' }: EmptyStateProps) {
  return (
    <Card role="status" sx={{ py: { xs: 5, md: 7 }, px: 3, textAlign: 'center' }}>
      <Box sx={{ fontSize: 52, color: 'grey.300', lineHeight: 0, mb: 1.5 }}>
        {icon ?? <InboxOutlined fontSize="inherit" />}
      </Box>
      <Typography component={titleAs} sx={{ fontWeight: 600, mb: 0.5 }}>
        {title}
      </Typography>
      {description && (
        <Typography color="textSecondary" sx={{ fontSize: 14, mb: action ? 2.5 : 0 }}>
          {description}
        </Typography>
      )}
      {action}
    </Card>
  );
}
