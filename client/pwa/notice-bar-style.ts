/** The look of the thin notice bars under the header (offline, storage at risk): one source. */
export const NOTICE_BAR_SX = {
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  px: 2,
  py: 0.75,
  fontSize: 13,
  lineHeight: 1.4,
  bgcolor: '#fff7e6',
  color: '#8a5300',
  borderTop: 1,
  borderColor: '#ffe3b3',
} as const;
