/**
 * The look: a confident green primary (as in the big Chinese property apps), warm red for prices
 * and calls to action, white rounded cards on a light grey page, the system CJK font stack.
 */
import { createTheme, type ThemeOptions } from '@mui/material/styles';
import { groupDigits } from '@couchdb/rules/format';
import { BREAKPOINTS, FONT_STACK, PALETTE } from '@client/components/look';

/**
 * MUI's zh-CN texts (its `zhCN` locale, as of MUI 9), written here: that module builds an
 * Intl.NumberFormat('zh-CN') as it loads, and a first zh-CN format loads ICU's locale data, a
 * 60–90 ms task on a slowed phone before the first screen could hydrate.
 */
const zhCN: ThemeOptions = {
  components: {
    MuiBreadcrumbs: { defaultProps: { expandText: '展开' } },
    MuiTablePagination: {
      defaultProps: {
        getItemAriaLabel: (type) =>
          type === 'first'
            ? '第一页'
            : type === 'last'
              ? '最后一页'
              : type === 'next'
                ? '下一页'
                : '上一页',
        labelRowsPerPage: '每页行数:',
        labelDisplayedRows: ({ from, to, count }) =>
          `第 ${groupDigits(from)} 条到第 ${groupDigits(to)} 条，${count !== -1 ? `共 ${groupDigits(count)} 条` : `至少 ${groupDigits(to)} 条`}`,
      },
    },
    MuiRating: {
      defaultProps: { getLabelText: (value) => `${value} 颗星`, emptyLabelText: '无标签' },
    },
    MuiAutocomplete: {
      defaultProps: {
        clearText: '清空',
        closeText: '关闭',
        loadingText: '加载中……',
        noOptionsText: '没有可用选项',
        openText: '打开',
      },
    },
    MuiAlert: { defaultProps: { closeText: '关闭' } },
    MuiPagination: {
      defaultProps: {
        'aria-label': '分页导航',
        getItemAriaLabel: (type, page, selected) =>
          type === 'page'
            ? `${selected ? '' : '转到'}第 ${page} 页`
            : type === 'first'
              ? '转到第一页'
              : type === 'last'
                ? '转到最后一页'
                : type === 'next'
                  ? '转到下一页'
                  : '转到上一页',
      },
    },
  },
};

export const theme = createTheme(
  {
    palette: PALETTE,
    breakpoints: { values: BREAKPOINTS },
    shape: { borderRadius: 12 },
    typography: {
      fontFamily: FONT_STACK,
      h1: { fontWeight: 700 },
      h2: { fontWeight: 700 },
      h3: { fontWeight: 700 },
      h4: { fontWeight: 700 },
      h5: { fontWeight: 700 },
      h6: { fontWeight: 600 },
      button: { fontWeight: 600, textTransform: 'none' },
    },
    components: {
      // Chinese breaks between any two characters: without this a line can end in a lone 「问」
      // or 「交。」 (a title, a name, a paragraph's last line).
      MuiCssBaseline: { styleOverrides: { body: { textWrap: 'pretty' } } },
      MuiButton: {
        defaultProps: { disableElevation: true },
        styleOverrides: { root: { borderRadius: 10 } },
      },
      MuiCard: {
        defaultProps: { elevation: 0 },
        styleOverrides: { root: { border: '1px solid #eef0f2' } },
      },
      MuiPaper: { styleOverrides: { rounded: { borderRadius: 12 } } },
      MuiAppBar: { defaultProps: { elevation: 0, color: 'inherit' } },
      MuiTextField: { defaultProps: { fullWidth: true } },
      MuiOutlinedInput: { styleOverrides: { root: { borderRadius: 10 } } },
      // A selected toggle's green text on its green tint: the darker green reaches 4.5:1.
      MuiToggleButton: {
        styleOverrides: {
          root: ({ theme: t }) => ({ '&.Mui-selected': { color: t.palette.primary.dark } }),
        },
      },
    },
  },
  zhCN,
);
