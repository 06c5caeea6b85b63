import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import InputBase from '@mui/material/InputBase';
import Paper from '@mui/material/Paper';
import SearchOutlined from '@mui/icons-material/SearchOutlined';

/**
 * The listing keyword box (home and the list): applies on Enter or the button (spec §2). Remount it
 * to reset its text; `prominent` is the home page's larger, raised version.
 */
export function SearchBox({
  initial = '',
  onSearch,
  placeholder = '搜索标题、小区或地址',
  prominent = false,
}: {
  initial?: string;
  onSearch(keyword: string): void;
  placeholder?: string;
  prominent?: boolean;
}) {
  const [value, setValue] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(value.trim());
  };
  return (
    <Paper
      component="form"
      role="search"
      onSubmit={submit}
      elevation={0}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        p: prominent ? 1 : 0.75,
        pl: prominent ? 2 : 1.5,
        border: 1,
        borderColor: 'divider',
        boxShadow: prominent ? '0 6px 24px rgba(31,35,41,0.06)' : undefined,
      }}
    >
      <SearchOutlined color="action" />
      <InputBase
        value={value}
        onChange={(event) => setValue(event.target.value)}
        placeholder={placeholder}
        slotProps={{ input: { 'aria-label': '搜索房源', enterKeyHint: 'search', type: 'search' } }}
        sx={{ flex: 1, minWidth: 0 }}
      />
      <Button type="submit" variant="contained" sx={{ px: prominent ? 3 : 2.5, flexShrink: 0 }}>
        搜索
      </Button>
    </Paper>
  );
}
