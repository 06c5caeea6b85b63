import { describe, expect, it } from 'vitest';
import { formatUnitPrice } from '@couchdb/rules/format';
import {
  POSTER_COVER,
  POSTER_HEIGHT,
  POSTER_MARGIN,
  POSTER_MAX_TAGS,
  POSTER_QR,
  POSTER_WIDTH,
  posterFacts,
  posterLayout,
  posterPrice,
  posterTags,
  posterTownship,
  wrapText,
  type MeasureText,
  type PosterListing,
} from '@couchdb/rules/poster';

/** A monospace stand-in for the canvas: a Chinese character is 1 em, anything else half. */
const measure: MeasureText = (text, font) =>
  Array.from(text).reduce((w, ch) => w + (ch.charCodeAt(0) < 0x100 ? 0.5 : 1), 0) * font.size;
const perChar = (text: string) => Array.from(text).length * 10;

function buildListing(overrides: Partial<PosterListing> = {}): PosterListing {
  return {
    title: '凤麓街道 湖景三居室 南北通透',
    type: 'sale',
    price: 880_000,
    area: 96,
    rooms: '3室2厅1卫',
    bedrooms: 3,
    features: ['精装修', '南北通透', '近学校', '满五唯一', '电梯房'],
    address: { city: '澄江市', district: '凤麓街道', community: '湖景小区' },
    ...overrides,
  };
}

describe('wrapText', () => {
  it('keeps a short text on one line', () => {
    expect(wrapText('湖景三居', 100, perChar, 2)).toEqual(['湖景三居']);
  });

  it('breaks between characters at the width', () => {
    expect(wrapText('一二三四五六七八', 30, perChar, 3)).toEqual(['一二三', '四五六', '七八']);
  });

  it('never leaves one character alone on the last line: the line before gives it company', () => {
    expect(wrapText('一二三四五六七', 30, perChar, 3)).toEqual(['一二三', '四五', '六七']);
    expect(wrapText('湖景三居室', 40, perChar, 2)).toEqual(['湖景三', '居室']);
    // A space where the line broke stays between the two characters moved together.
    expect(wrapText('一二三 四五六 七', 30, perChar, 3)).toEqual(['一二三', '四五', '六 七']);
  });

  it('moves a short term set apart by spaces to the next line whole', () => {
    expect(wrapText('急售 明湖湾 三房 满五唯一 电梯房', 130, perChar, 3)).toEqual([
      '急售 明湖湾 三房',
      '满五唯一 电梯房',
    ]);
    // A run longer than a term still breaks between characters.
    expect(wrapText('湖 一二三四五六七八', 50, perChar, 3)).toEqual(['湖 一二三', '四五六七八']);
  });

  it('leaves a lone last character when the line before has only one to give', () => {
    const wide = (t: string) => Array.from(t).length * 40;
    expect(wrapText('一二', 30, wide, 2)).toEqual(['一', '二']);
  });

  it('keeps every line within the width, whatever the title', () => {
    const titles = [
      '澄江凤麓街道湖景三室两厅精装修南北通透',
      '一二三四五六七八九十甲',
      '湖景 三居 急售',
    ];
    for (const title of titles) {
      for (const width of [20, 30, 40, 50, 70]) {
        const lines = wrapText(title, width, perChar, 4);
        for (const line of lines) expect(perChar(line)).toBeLessThanOrEqual(width);
        if (lines.length > 1 && !lines.at(-1)!.endsWith('…'))
          expect(Array.from(lines.at(-1)!).length).toBeGreaterThan(1);
      }
    }
  });

  it('cuts at the last line with an ellipsis that fits', () => {
    const lines = wrapText('一二三四五六七八九', 30, perChar, 2);
    expect(lines).toEqual(['一二三', '四五…']);
    for (const line of lines) expect(perChar(line)).toBeLessThanOrEqual(30);
  });

  it('exactly filling the lines needs no ellipsis', () => {
    expect(wrapText('一二三四五六', 30, perChar, 2)).toEqual(['一二三', '四五六']);
  });

  it('drops spaces at line starts and collapses runs of white space', () => {
    expect(wrapText('  一二  三 四 ', 30, perChar, 3)).toEqual(['一二', '三 四']);
  });

  it('gives an empty text no lines', () => {
    expect(wrapText('   ', 30, perChar, 2)).toEqual([]);
  });
});

describe('poster price, facts, township and tags', () => {
  it('a sale shows 万 and the unit price per ㎡', () => {
    expect(posterPrice({ type: 'sale', price: 880_000, area: 96 })).toEqual({
      price: '88.0万',
      unitPrice: formatUnitPrice('sale', 880_000, 96),
    });
    expect(formatUnitPrice('sale', 880_000, 96)).toBe('9,167元/㎡');
  });

  it('a rent shows 元/月 and no unit price', () => {
    expect(posterPrice({ type: 'rent', price: 1500, area: 60 })).toEqual({
      price: '1500元/月',
      unitPrice: '',
    });
  });

  it('no area, no unit price', () => {
    expect(posterPrice({ type: 'sale', price: 880_000, area: 0 }).unitPrice).toBe('');
  });

  it('the township is the district, else the city', () => {
    expect(posterTownship({ city: '澄江市', district: '右所镇' })).toBe('右所镇');
    expect(posterTownship({ city: '澄江市', district: ' ' })).toBe('澄江市');
    expect(posterTownship(null)).toBe('');
  });

  it('facts are area, rooms and township, the known ones', () => {
    expect(posterFacts(buildListing())).toBe('96㎡ · 3室2厅1卫 · 凤麓街道');
    expect(posterFacts(buildListing({ rooms: '', bedrooms: 2, address: null }))).toBe('96㎡ · 2室');
  });

  it('at most four distinct tags', () => {
    expect(posterTags(['精装修', ' 精装修 ', '', '近学校', '电梯房', '满五唯一', '车位'])).toEqual([
      '精装修',
      '近学校',
      '电梯房',
      '满五唯一',
    ]);
    expect(posterTags(undefined)).toEqual([]);
  });
});

describe('posterLayout', () => {
  const agent = { name: '张经纪', phone: '13800000002', company: '澄江安居房产' };

  it('places title, price, unit price, facts, tags and the agent, all on the poster', () => {
    const layout = posterLayout(buildListing(), agent, measure);
    const text = (role: string) => layout.texts.filter((t) => t.role === role).map((t) => t.text);
    expect(text('title')).toEqual(['凤麓街道 湖景三居室 南北通透']);
    expect(text('price')).toEqual(['88.0万']);
    expect(text('unitPrice')).toEqual(['9,167元/㎡']);
    expect(text('facts')).toEqual(['96㎡ · 3室2厅1卫 · 凤麓街道']);
    expect(text('tag')).toHaveLength(POSTER_MAX_TAGS);
    expect(text('agentName')).toEqual(['张经纪']);
    expect(text('agentPhone')).toEqual(['13800000002']);
    expect(text('agentCompany')).toEqual(['澄江安居房产']);
    for (const t of layout.texts) {
      expect(t.x).toBeGreaterThanOrEqual(POSTER_MARGIN);
      expect(t.x + measure(t.text, t.font)).toBeLessThanOrEqual(POSTER_WIDTH - POSTER_MARGIN);
      expect(t.y).toBeGreaterThan(POSTER_COVER.height);
      expect(t.y).toBeLessThanOrEqual(POSTER_HEIGHT);
    }
  });

  it('a long title takes two lines ending in an ellipsis, and the listing stays above the agent', () => {
    const title =
      '澄江市凤麓街道湖景花园精装修三室两厅南北通透拎包入住近学校近医院交通便利环境优美';
    const layout = posterLayout(buildListing({ title }), agent, measure);
    const lines = layout.texts.filter((t) => t.role === 'title');
    expect(lines).toHaveLength(2);
    expect(lines[1]!.text.endsWith('…')).toBe(true);
    const listingBottom = Math.max(
      ...layout.texts
        .filter((t) => !t.role.startsWith('agent') && t.role !== 'hint' && t.role !== 'brand')
        .map((t) => t.y),
      ...layout.chips.map((c) => c.y + c.height),
    );
    expect(listingBottom).toBeLessThan(layout.dividerY);
    expect(layout.dividerY).toBeLessThan(POSTER_QR.y);
  });

  it('a rent shows 元/月 without a unit price; an agent without company or phone shows the name', () => {
    const layout = posterLayout(
      buildListing({ type: 'rent', price: 1500, features: [] }),
      { name: '李经纪' },
      measure,
    );
    const roles = layout.texts.map((t) => t.role);
    expect(layout.texts.find((t) => t.role === 'price')?.text).toBe('1500元/月');
    expect(roles).not.toContain('unitPrice');
    expect(roles).not.toContain('tag');
    expect(roles).not.toContain('agentPhone');
    expect(roles).not.toContain('agentCompany');
    expect(layout.chips).toEqual([]);
  });

  it('tags that do not fit on one row are left out; chips do not overlap the QR code column', () => {
    const layout = posterLayout(
      buildListing({ features: ['超长的特色标签一二三四五', '超长的特色标签六七八九十', '三'] }),
      agent,
      measure,
    );
    for (const chip of layout.chips)
      expect(chip.x + chip.width).toBeLessThanOrEqual(POSTER_WIDTH - POSTER_MARGIN);
    expect(layout.chips.length).toBeLessThan(3);
  });

  it('a long agent name or company is cut to the column beside the code', () => {
    const layout = posterLayout(
      buildListing(),
      {
        name: '一个名字非常非常非常长的经纪人',
        company: '澄江市某某某某某某房地产经纪有限责任公司',
      },
      measure,
    );
    for (const t of layout.texts.filter((x) => x.role.startsWith('agent')))
      expect(t.x + measure(t.text, t.font)).toBeLessThanOrEqual(POSTER_QR.x);
  });
});

describe('the verification code on the poster (issue 19)', () => {
  const agent = { name: '王经纪', phone: '13800138000' };
  const lineOf = (listing: PosterListing) =>
    posterLayout(listing, agent, measure).texts.find((t) => t.role === 'verification');

  it('draws the code with its check, above the agent block', () => {
    const line = lineOf(
      buildListing({ verification_code: '110123456789', verification_status: 'verified' }),
    );
    expect(line?.text).toBe('房源核验码：110123456789（已核验）');
    expect(line!.y).toBeLessThan(POSTER_QR.y - 38);
    expect(lineOf(buildListing({ verification_code: '110123456789' }))?.text).toContain('待核验');
  });

  it('draws nothing without a code', () => {
    expect(lineOf(buildListing())).toBeUndefined();
  });
});
