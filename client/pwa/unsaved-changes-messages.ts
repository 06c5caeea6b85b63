/**
 * The question before leaving a screen with unsaved input (a module of its own: only the dialog,
 * loaded when it is asked, carries these words, not the first screen).
 */
export const UNSAVED_CHANGES_MESSAGES = {
  title: '离开此页面？',
  message: '表单中还有未提交的内容。离开后，未保存的输入将会丢失。',
  stay: '留在此页',
  leave: '离开',
} as const;
