import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { styled } from '@mui/material/styles';
import SearchOutlined from '@mui/icons-material/SearchOutlined';

/**
 * The box's text field: a plain input dressed as MUI's InputBase. InputBase (with the form-control
 * state and the multiline textarea it carries) is about 3 KB gzip of the first screen's code, for
 * a field that needs none of it.
 */
const SearchInput = styled('input')(({ theme }) => ({
  ...theme.typography.body1,
  flex: 1,
  minWidth: 0,
  color: theme.palette.text.primary,
  lineHeight: '1.4375em',
  height: '1.4375em',
  padding: '4px 0 5px',
  margin: 0,
  border: 0,
  boxSizing: 'content-box',
  background: 'none',
  WebkitTapHighlightColor: 'transparent',
  '&::placeholder': { color: 'currentColor', opacity: 0.42 },
  '&:focus': { outline: 0 },
  '&::-webkit-search-decoration': { WebkitAppearance: 'none' },
}));

/**
 * The listing keyword box (home and the list): applies on Enter or the button (product §2). Remount it
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
        // The field itself shows no outline: the box shows where typing goes.
        '&:focus-within': { borderColor: 'primary.main' },
        boxShadow: prominent ? '0 6px 24px rgba(31,35,41,0.06)' : undefined,
      }}
    >
      <SearchOutlined color="action" />
      <SearchInput
        type="search"
        name="keyword"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        placeholder={placeholder}
        aria-label="搜索房源"
        enterKeyHint="search"
      />
      <Button type="submit" variant="contained" sx={{ px: prominent ? 3 : 2.5, flexShrink: 0 }}>
        搜索
      </Button>
    </Paper>
  );
}
