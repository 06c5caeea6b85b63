import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import ConstructionOutlined from '@mui/icons-material/ConstructionOutlined';

interface PagePlaceholderProps {
  title: string;
  /** One sentence on what this screen will offer. */
  description?: string;
  children?: ReactNode;
}

/** An honest stand-in for a screen that is not built yet: its name and 该功能正在建设中. */
export function PagePlaceholder({ title, description, children }: PagePlaceholderProps) {
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
      <Card sx={{ p: { xs: 4, md: 6 }, textAlign: 'center' }}>
        <Box
          sx={{
            width: 64,
            height: 64,
            mx: 'auto',
            mb: 2,
            borderRadius: '50%',
            bgcolor: 'primary.light',
            color: 'primary.main',
            display: 'grid',
            placeItems: 'center',
          }}
        >
          <ConstructionOutlined />
        </Box>
        <Typography variant="h6" component="p" sx={{ mb: 1 }}>
          该功能正在建设中
        </Typography>
        {description && (
          <Typography color="textSecondary" sx={{ mb: 3 }}>
            {description}
          </Typography>
        )}
        <Button component={RouterLink} to="/" variant="outlined">
          返回首页
        </Button>
      </Card>
    </Container>
  );
}
