import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { pageButtons } from '@couchdb/rules/admin-listings';

/** 上一页, at most five page numbers around the current one, 下一页; nothing for a single page. */
export function Pager({
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
      sx={{ justifyContent: 'center', gap: 0.5, mt: 2, flexWrap: 'wrap' }}
    >
      <Button size="small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        上一页
      </Button>
      {pageButtons(page, pages).map((n) => (
        <Button
          key={n}
          size="small"
          variant={n === page ? 'contained' : 'text'}
          aria-current={n === page ? 'page' : undefined}
          onClick={() => onPage(n)}
          sx={{ minWidth: 36 }}
        >
          {n}
        </Button>
      ))}
      <Button size="small" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        下一页
      </Button>
    </Stack>
  );
}
