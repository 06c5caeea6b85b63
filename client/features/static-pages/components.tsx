import type { ReactNode } from 'react';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';

/** A titled card section; `id` makes it a link target (/help#terms). */
export function PageSection({
  id,
  title,
  children,
}: {
  id?: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <Card
      component="section"
      id={id}
      aria-labelledby={id ? `${id}-title` : undefined}
      sx={{ p: { xs: 2, md: 3 }, scrollMarginTop: 80 }}
    >
      <Typography
        id={id ? `${id}-title` : undefined}
        component="h2"
        sx={{ fontWeight: 700, fontSize: 19, mb: 2 }}
      >
        {title}
      </Typography>
      {children}
    </Card>
  );
}
