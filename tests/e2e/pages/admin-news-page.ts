/** Page model of /admin/news: the filters, the article cards, and the add/edit dialog with its editor. */
import type { Locator, Page } from 'playwright-core';
import { UI_WAIT } from '../../helpers/browser';

export interface ImageFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

export class AdminNewsPage {
  readonly addButton: Locator;
  readonly search: Locator;
  readonly cards: Locator;
  readonly dialog: Locator;
  readonly editor: Locator;

  constructor(readonly page: Page) {
    this.addButton = page.getByRole('button', { name: '添加资讯' });
    this.search = page.getByLabel('搜索资讯');
    this.cards = page.getByTestId('admin-news-card');
    this.dialog = page.getByRole('dialog', { name: /添加资讯|编辑资讯/ });
    this.editor = this.dialog.locator('[data-testid="news-editor"] .ProseMirror');
  }

  /** Opens the screen and waits until the device's list (or its empty state) shows. */
  async goto(base: string): Promise<void> {
    await this.page.goto(`${base}/admin/news`);
    await this.addButton.waitFor({ timeout: 30_000 });
  }

  /** The card of the article with this title. */
  card(title: string): Locator {
    return this.cards.filter({ hasText: title });
  }

  /** A filter select (分类, 状态) set to the option with this label. */
  async filter(label: '分类' | '状态', option: string): Promise<void> {
    await this.page.getByRole('combobox', { name: label }).click();
    await this.page.getByRole('option', { name: option, exact: true }).click();
  }

  /** Opens the add dialog and waits for its editor (loaded on demand). */
  async openAdd(): Promise<void> {
    await this.addButton.click();
    await this.editor.waitFor(UI_WAIT);
  }

  /** Opens the edit dialog of the article with this title and waits for its editor. */
  async openEdit(title: string): Promise<void> {
    await this.card(title).getByRole('button', { name: '编辑' }).click();
    await this.editor.waitFor(UI_WAIT);
  }

  /** A text field of the dialog (标题, 摘要). */
  field(label: string): Locator {
    return this.dialog.getByRole('textbox', { name: label });
  }

  /** Chooses a value of the dialog's 分类 or 状态 select. */
  async choose(label: '分类' | '状态', option: string): Promise<void> {
    await this.dialog.getByRole('combobox', { name: label }).click();
    await this.page.getByRole('option', { name: option, exact: true }).click();
  }

  /** Uploads a cover and waits until the upload is done. */
  async uploadCover(file: ImageFile): Promise<void> {
    await this.dialog.getByTestId('news-cover-input').setInputFiles(file);
    await this.dialog
      .locator('[data-testid="news-cover-preview"][data-state="ready"]')
      .waitFor(UI_WAIT);
  }

  /** Picks a cover the dialog refuses before any upload, and waits for its message. */
  async chooseRefusedCover(file: ImageFile, message: string): Promise<void> {
    await this.dialog.getByTestId('news-cover-input').setInputFiles(file);
    await this.dialog.getByTestId('news-cover-error').filter({ hasText: message }).waitFor(UI_WAIT);
  }

  /** A toolbar button of the editor (二级标题, 粗体, 无序列表, 链接, 插入图片 …). */
  tool(label: string): Locator {
    return this.dialog.getByRole('toolbar', { name: '格式' }).getByRole('button', { name: label });
  }

  /** Turns the last `chars` characters typed into a link to `href` through the toolbar. */
  async linkLast(chars: number, href: string): Promise<void> {
    for (let i = 0; i < chars; i++) await this.page.keyboard.press('Shift+ArrowLeft');
    await this.tool('链接').click();
    await this.page.getByLabel('链接地址').fill(href);
    await this.page.getByRole('button', { name: '确定' }).click();
    await this.page.getByLabel('链接地址').waitFor({ state: 'detached' });
    await this.editor.locator(`a[href="${href}"]`).waitFor(UI_WAIT);
  }

  /** Inserts an image through the toolbar's 插入图片 (a file chooser) and waits until it shows. */
  async insertImage(file: ImageFile): Promise<void> {
    const before = await this.editor.locator('img').count();
    const [chooser] = await Promise.all([
      this.page.waitForEvent('filechooser'),
      this.tool('插入图片').click(),
    ]);
    await chooser.setFiles(file);
    await this.editor.locator('img').nth(before).waitFor(UI_WAIT);
  }

  async save(): Promise<void> {
    await this.dialog.getByRole('button', { name: '保存' }).click();
  }
}
