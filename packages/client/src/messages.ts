/**
 * Every user-facing result text of the spec's error catalogue (section 8), in one place,
 * so screens say the same thing for the same outcome.
 */
export const MSG = {
  saved: '恭喜你，提交成功！',
  saveFailed: '出错了！',
  deleted: '已删除！',
  deleteFailed: '删除失败！',
  loadFailed: '错了哦，接口出错！',
  noExportData: '无数据导出！',
  importFailed: '导入失败！',
  allocated: '恭喜你，分配成功！',
  /** Network failure or timeout of any call. */
  network: '服务器抖动一下!请稍后重试',
  /** Network failure or timeout of the login call. */
  loginNetwork: '服务器抖动一下!请稍后重试登录',
  lastTab: '最后一个Tabs不可以删除！',
} as const;
