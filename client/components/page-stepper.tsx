import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** 上一页, 第 x / y 页, 下一页 (spec §2 "Admin demands"); nothing for a single page. */
export function PageStepper({
  page,
  pages,
  onPage,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  if (pages <= 1) return null;
  return (
    <Stack
      component="nav"
      aria-label="分页"
      direction="row"
      sx={{ justifyContent: 'center', alignItems: 'center', gap: 1.5, mt: 2 }}
    >
      <Button size="small" variant="outlined" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        上一页
      </Button>
      <Typography aria-live="polite" sx={{ fontSize: 14, color: 'text.secondary' }}>
        第 {page} / {pages} 页
      </Typography>
      <Button
        size="small"
        variant="outlined"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        下一页
      </Button>
    </Stack>
  );
}
