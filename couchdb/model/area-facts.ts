/** The texts of 区域找房, the 小区 pages and 相似房源 (issue 18). */
export const AREA_MESSAGES = {
  title: '区域找房',
  hint: '按乡镇街道和小区查看在售、在租房源的数量和均价（本机数据，离线可用）',
  noFigure: '暂无',
  noCommunities: '该区域暂无标注小区的房源',
  communityEmpty: '暂无该小区的房源信息',
  communityEmptyHint: '该小区暂时没有在售或在租的房源，看看其他小区吧',
  noTrend: '暂无足够的在售房源形成均价走势',
  similarTitle: '相似房源',
} as const;
