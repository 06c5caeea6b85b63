import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import InputBase from '@mui/material/InputBase';
import Paper from '@mui/material/Paper';
import SearchOutlined from '@mui/icons-material/SearchOutlined';

/** Keyword search that opens the property list with ?keyword= (spec §2 "Property list"). */
export function HomeSearch() {
  const [keyword, setKeyword] = useState('');
  const navigate = useNavigate();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = keyword.trim();
    void navigate(trimmed ? `/properties?keyword=${encodeURIComponent(trimmed)}` : '/properties');
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
        p: 1,
        pl: 2,
        border: 1,
        borderColor: 'divider',
        boxShadow: '0 6px 24px rgba(31,35,41,0.06)',
      }}
    >
      <SearchOutlined color="action" />
      <InputBase
        value={keyword}
        onChange={(event) => setKeyword(event.target.value)}
        placeholder="输入小区名、街道或关键词"
        slotProps={{ input: { 'aria-label': '搜索房源', enterKeyHint: 'search' } }}
        sx={{ flex: 1, minWidth: 0 }}
      />
      <Button type="submit" variant="contained" sx={{ px: 3, flexShrink: 0 }}>
        搜索
      </Button>
    </Paper>
  );
}
