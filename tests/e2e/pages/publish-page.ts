/** Page model of the publish-property form (/publish/property, ?edit=): its steps and media. */
import sharp from 'sharp';
import type { Locator, Page } from 'playwright-core';
import { LOCATION_MESSAGES } from '@couchdb/model/location-facts';
import { PROPERTY_MESSAGES } from '@couchdb/model/property-facts';
import { chooseOption } from './favorites-page';
import { Layout } from './layout';

/** A small JPEG, different for each `hue`. */
export async function photo(hue: number): Promise<Buffer> {
  return sharp({
    create: {
      width: 640,
      height: 480,
      channels: 3,
      background: { r: hue, g: 120, b: 200 - hue / 2 },
    },
  })
    .jpeg()
    .toBuffer();
}

/** The form's steps, as its stepper and the current step's section name them. */
export const PUBLISH_STEPS = ['基本信息', '房屋详情', '价格与地址', '图片视频'] as const;

/** Step 1 of the form: the title and whether the listing is for sale or for rent. */
export interface ListingBasics {
  title: string;
  /** 出售 (the form's default) or 出租. */
  type?: 'sale' | 'rent';
}

/** Step 2: the rooms, the area (m²), the description and preset tags to switch on. */
export interface ListingDetails {
  rooms: string;
  area: string;
  description: string;
  tags?: readonly string[];
}

/** Step 2's structured facts (issue 18), as typed or chosen; what is left out stays blank. */
export interface ListingFactsInput {
  floor?: string;
  totalFloors?: string;
  orientation?: string;
  decoration?: string;
  yearBuilt?: string;
  /** 有电梯 or 无电梯. */
  lift?: string;
  usage?: string;
  /** Rent listings: 整租 or 合租, and the payment (押一付三 …). */
  rentalMode?: string;
  payment?: string;
}

/** Step 3: the price (万元 for a sale, 元/月 for a rent), the township and the address. */
export interface ListingPlace {
  price: string;
  type?: 'sale' | 'rent';
  district: string;
  community?: string;
  address: string;
}

/** What `fillValid` types on steps 2 and 3. */
export const VALID_DETAILS: ListingDetails = {
  rooms: '3室2厅1卫',
  area: '96',
  description: '南北通透，采光很好，小区绿化好，近菜市场。',
};
export const VALID_PLACE: ListingPlace = {
  price: '88',
  district: '凤麓街道',
  address: '抚仙路18号 3栋2单元301室',
};

export class PublishPropertyPage {
  readonly next: Locator;
  readonly previous: Locator;
  readonly submitButton: Locator;
  readonly saveButton: Locator;
  readonly title: Locator;
  readonly rooms: Locator;
  readonly customTag: Locator;
  readonly media: Locator;
  readonly tiles: Locator;
  /** Step 3's 房源位置: the point taken, its accuracy, a problem's message, the map. */
  readonly location: Locator;
  readonly locationValue: Locator;
  readonly locationAccuracy: Locator;
  readonly locationProblem: Locator;
  readonly locationMap: Locator;
  readonly showExactLocation: Locator;

  constructor(readonly page: Page) {
    this.next = page.getByRole('button', { name: '下一步' });
    this.previous = page.getByRole('button', { name: '上一步' });
    this.submitButton = page.getByRole('button', { name: '提交发布' });
    this.saveButton = page.getByRole('button', { name: '保存修改' });
    this.title = page.getByLabel('房源标题');
    this.rooms = page.getByLabel('户型');
    this.customTag = page.getByLabel('自定义标签');
    this.media = page.getByTestId('chosen-media');
    this.tiles = this.media.getByTestId('media-tile');
    this.location = page.getByTestId('location-block');
    this.locationValue = this.location.getByTestId('location-value');
    this.locationAccuracy = this.location.getByTestId('location-accuracy');
    this.locationProblem = this.location.getByTestId('location-problem');
    this.locationMap = this.location.getByTestId('location-map');
    this.showExactLocation = this.location.getByLabel(LOCATION_MESSAGES.showExact);
  }

  /** 使用当前位置 on step 3 (the browser's position: grant and set it on the context first). */
  async useCurrentPosition(): Promise<void> {
    await this.location.getByRole('button', { name: LOCATION_MESSAGES.useCurrent }).click();
  }

  /** Scrolls 房源位置 to the middle of the screen (for a screenshot of it). */
  async showLocation(): Promise<void> {
    await this.location.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  }

  /** 在地图上选点: opens the map and waits until it is drawn with its pin. */
  async openMap(): Promise<void> {
    await this.location.getByRole('button', { name: LOCATION_MESSAGES.pickOnMap }).click();
    await this.locationMap.locator('.cj-map-pin').waitFor();
  }

  /** Opens a new listing's form (/publish/property), or a listing's edit form, on any step. */
  async goto(base: string, editId?: string): Promise<void> {
    await this.page.goto(`${base}/publish/property${editId ? `?edit=${editId}` : ''}`);
    // A saved draft reopens on the step it was on, so wait for whichever step shows.
    await this.page.locator('form section[aria-label]').waitFor();
  }

  /** Fills step 1 (without going on). */
  async fillBasics({ title, type }: ListingBasics): Promise<void> {
    await this.title.fill(title);
    if (type)
      await this.page.getByRole('button', { name: type === 'rent' ? '出租' : '出售' }).click();
  }

  /** Fills step 2 (without going on). */
  async fillDetails({ rooms, area, description, tags = [] }: ListingDetails): Promise<void> {
    await this.rooms.fill(rooms);
    await this.page.getByLabel('面积').fill(area);
    await this.page.getByLabel('房源描述').fill(description);
    for (const tag of tags) await this.page.getByRole('button', { name: tag }).click();
  }

  /** Fills step 2's structured facts (without going on). */
  async fillFacts(f: ListingFactsInput): Promise<void> {
    if (f.floor !== undefined) await this.page.getByLabel('所在楼层').fill(f.floor);
    if (f.totalFloors !== undefined) await this.page.getByLabel('总楼层').fill(f.totalFloors);
    if (f.orientation) await chooseOption(this.page, '朝向', f.orientation);
    if (f.decoration) await chooseOption(this.page, '装修', f.decoration);
    if (f.yearBuilt !== undefined) await this.page.getByLabel('建成年份').fill(f.yearBuilt);
    if (f.lift) await chooseOption(this.page, '电梯', f.lift);
    if (f.usage) await chooseOption(this.page, '用途', f.usage);
    if (f.rentalMode) await chooseOption(this.page, '出租方式', f.rentalMode);
    if (f.payment) await chooseOption(this.page, '付款方式', f.payment);
  }

  /** Types a tag of one's own and adds it with Enter (or with the 添加 button). */
  async addCustomTag(tag: string, how: 'enter' | 'button' = 'enter'): Promise<void> {
    await this.customTag.fill(tag);
    if (how === 'enter') await this.customTag.press('Enter');
    else await this.page.getByRole('button', { name: '添加' }).click();
  }

  /** Fills step 3 (without going on). */
  async fillPlace({ price, type, district, community, address }: ListingPlace): Promise<void> {
    await this.page.getByLabel(type === 'rent' ? '月租金' : '售价').fill(price);
    await chooseOption(this.page, '所在区域', district);
    if (community !== undefined) await this.page.getByLabel('小区名称').fill(community);
    await this.page.getByLabel('详细地址').fill(address);
  }

  /** Steps 1–3 with valid content, ending on step 4 (a reopened draft starts over). */
  async fillValid(title: string): Promise<void> {
    await this.fillThroughStep3(title);
    await this.next.click();
    await this.media.waitFor();
  }

  /** Steps 1–3 with valid content (a sale), staying on step 3; a reopened draft starts over. */
  async fillThroughStep3(title: string): Promise<void> {
    await this.toFirstStep();
    await this.fillBasics({ title });
    await this.next.click();
    await this.fillDetails(VALID_DETAILS);
    await this.next.click();
    await this.fillPlace(VALID_PLACE);
  }

  /** Previous until step 1 (a draft reopens on the step it was on). */
  async toFirstStep(): Promise<void> {
    for (let step = await this.currentStep(); step > 1; step--) {
      await this.previous.click();
      await this.step(step - 1).waitFor({ timeout: 10_000 });
    }
  }

  /** Next until step 4 (the fields are already valid), from the step the form is on. */
  async toMediaStep(): Promise<void> {
    for (let step = await this.currentStep(); step < 4; step++) {
      await this.next.click();
      await this.step(step + 1).waitFor({ timeout: 10_000 });
    }
    await this.media.waitFor();
  }

  /** The section of step 1–4 (present while the form shows that step). */
  step(step: number): Locator {
    return this.page.getByRole('region', { name: PUBLISH_STEPS[step - 1] });
  }

  /** The step the form shows, 1–4. */
  async currentStep(): Promise<number> {
    const name = await this.page
      .locator('form section[aria-label]')
      .getAttribute('aria-label', { timeout: 10_000 });
    return PUBLISH_STEPS.indexOf(name as (typeof PUBLISH_STEPS)[number]) + 1;
  }

  async choosePhotos(names: readonly string[], firstHue = 0): Promise<void> {
    await this.page.getByLabel('选择图片或视频').setInputFiles(
      await Promise.all(
        names.map(async (name, i) => ({
          name,
          mimeType: 'image/jpeg',
          buffer: await photo(firstHue + i * 40),
        })),
      ),
    );
  }

  /** Until every file chosen on the device is kept with the draft (a reload then brings it back). */
  async waitUntilKept(): Promise<void> {
    await this.page.waitForFunction(
      () =>
        document.querySelectorAll(
          '[data-testid="media-tile"][data-source="device"]:not([data-kept="true"])',
        ).length === 0,
      undefined,
      { timeout: 15_000 },
    );
  }

  tile(source: 'server' | 'device'): Locator {
    return this.media.locator(`[data-testid="media-tile"][data-source="${source}"]`);
  }

  async remove(name: string): Promise<void> {
    await this.media.getByRole('button', { name: `移除 ${name}` }).click();
  }

  /** Discards the draft (text and chosen files) after confirming. */
  /** Clears the draft, and returns once its files are gone from the device (its toast). */
  async discardDraft(): Promise<void> {
    await this.page.getByRole('button', { name: PROPERTY_MESSAGES.discardDraft }).click();
    await this.page.getByRole('dialog').getByRole('button', { name: '清空' }).click();
    await new Layout(this.page).waitForToast(PROPERTY_MESSAGES.draftDiscarded);
  }
}
