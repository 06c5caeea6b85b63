import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { pageButtons } from '@couchdb/rules/admin-listings';

/**
 * Paging for a list: 上一页, then at most five page numbers around the current one (`numbers`,
 * the listing console) or 第 x / y 页 (`count`, the demands list), then 下一页; nothing for a
 * single page.
 */
export function Pager({
  page,
  pages,
  onPage,
  variant = 'numbers',
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  variant?: 'numbers' | 'count';
}) {
  if (pages <= 1) return null;
  const step = variant === 'count' ? 'outlined' : 'text';
  // The pager sits below the list: the new page is read from its top.
  const go = (n: number) => {
    onPage(n);
    window.scrollTo({ top: 0 });
  };
  return (
    <Stack
      component="nav"
      aria-label="分页"
      direction="row"
      sx={{ justifyContent: 'center', alignItems: 'center', gap: 0.5, mt: 2, flexWrap: 'wrap' }}
    >
      <Button size="small" variant={step} disabled={page <= 1} onClick={() => go(page - 1)}>
        上一页
      </Button>
      {variant === 'count' ? (
        <Typography aria-live="polite" sx={{ fontSize: 14, color: 'text.secondary', mx: 1 }}>
          第 {page} / {pages} 页
        </Typography>
      ) : (
        pageButtons(page, pages).map((n) => (
          <Button
            key={n}
            size="small"
            variant={n === page ? 'contained' : 'text'}
            aria-current={n === page ? 'page' : undefined}
            onClick={() => go(n)}
            sx={{ minWidth: 36 }}
          >
            {n}
          </Button>
        ))
      )}
      <Button size="small" variant={step} disabled={page >= pages} onClick={() => go(page + 1)}>
        下一页
      </Button>
    </Stack>
  );
}
