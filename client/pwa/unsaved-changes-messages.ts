/**
 * The question before leaving a screen with unsaved input (a module of its own: only the dialog,
 * loaded when it is asked, carries these words, not the first screen).
 */
export const UNSAVED_CHANGES_MESSAGES = {
  title: '离开此页面？',
  message: '表单中还有未提交的内容。离开后，未保存的输入将会丢失。',
  /** The form keeps a draft on the device (the publish form): nothing is lost by leaving. */
  keptMessage: '内容还没有提交。已填写的内容已保存在本机，下次打开时可以继续填写。',
  stay: '留在此页',
  leave: '离开',
} as const;
