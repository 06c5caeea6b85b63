import { useState } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Pagination from '@mui/material/Pagination';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import ExpandMoreOutlined from '@mui/icons-material/ExpandMoreOutlined';
import {
  formatFen,
  REPAYMENT_LABELS,
  type RepaymentMethod,
  type RepaymentPlan,
} from '@couchdb/rules/mortgage';

const MONTHS_PER_PAGE = 12;

/**
 * The month-by-month schedule, collapsed by default and shown a year (12 rows) at a time, so 360
 * months never render at once. A ledger: every figure in 元 to the fen, so a month's principal and
 * interest add up to its payment (the results above read in 万 and whole 元: formatMoney).
 */
export function ScheduleTable({ plans }: { plans: Record<RepaymentMethod, RepaymentPlan> }) {
  const [method, setMethod] = useState<RepaymentMethod>('equal_installment');
  const [year, setYear] = useState(1);
  const plan = plans[method];
  const years = Math.max(Math.ceil(plan.schedule.length / MONTHS_PER_PAGE), 1);
  const page = Math.min(year, years);
  const rows = plan.schedule.slice((page - 1) * MONTHS_PER_PAGE, page * MONTHS_PER_PAGE);

  return (
    <Accordion
      disableGutters
      // Right under the screen's h1 (MUI's default is an h3).
      slotProps={{ heading: { component: 'h2' } }}
      sx={{ borderRadius: 2, '&::before': { display: 'none' } }}
    >
      <AccordionSummary expandIcon={<ExpandMoreOutlined />}>
        <Typography sx={{ fontWeight: 600 }}>还款明细（{plan.months}期）</Typography>
      </AccordionSummary>
      <AccordionDetails sx={{ px: { xs: 1, sm: 2 } }}>
        <Tabs
          value={method}
          onChange={(_e, next: RepaymentMethod) => setMethod(next)}
          variant="fullWidth"
          sx={{ mb: 1 }}
        >
          {(Object.keys(REPAYMENT_LABELS) as RepaymentMethod[]).map((m) => (
            <Tab key={m} value={m} label={REPAYMENT_LABELS[m]} />
          ))}
        </Tabs>
        <Typography color="textSecondary" sx={{ fontSize: 13, mb: 1 }}>
          第{page}年（第{(page - 1) * MONTHS_PER_PAGE + 1}-
          {Math.min(page * MONTHS_PER_PAGE, plan.months)}期）· 单位：元
        </Typography>
        <TableContainer>
          <Table
            size="small"
            aria-label={`${REPAYMENT_LABELS[method]}还款明细`}
            sx={{
              '& td, & th': { px: { xs: 0.75, sm: 1.5 }, whiteSpace: 'nowrap', fontSize: 13 },
              fontVariantNumeric: 'tabular-nums',
            }}
          >
            <TableHead>
              <TableRow>
                <TableCell>期数</TableCell>
                <TableCell align="right">月供</TableCell>
                <TableCell align="right">本金</TableCell>
                <TableCell align="right">利息</TableCell>
                <TableCell align="right">剩余本金</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.month}>
                  <TableCell>{row.month}</TableCell>
                  <TableCell align="right">{formatFen(row.payment)}</TableCell>
                  <TableCell align="right">{formatFen(row.principal)}</TableCell>
                  <TableCell align="right">{formatFen(row.interest)}</TableCell>
                  <TableCell align="right">{formatFen(row.balance)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        <Pagination
          count={years}
          page={page}
          onChange={(_e, next) => setYear(next)}
          siblingCount={0}
          size="small"
          sx={{ mt: 1.5, display: 'flex', justifyContent: 'center' }}
          getItemAriaLabel={(type, p) =>
            type === 'page'
              ? `第${p}年`
              : type === 'next'
                ? '下一年'
                : type === 'previous'
                  ? '上一年'
                  : ''
          }
        />
      </AccordionDetails>
    </Accordion>
  );
}
